import AxeBuilder from '@axe-core/playwright';
import { billingApiMessages } from '#shared/billing-api.ts';
import {
  accountOf,
  createTeamMember,
  invoicesSection,
  packagesSection,
  sidebar,
  startCheckout,
  subscribe,
  subscriptionCard,
} from './billing-helpers.ts';
import {
  expect as baseExpect,
  createClientAccount,
  openSignedIn,
  test,
  watchConsole,
} from './fixtures.ts';

// Billing (SPEC §2 Billing, §4 status, §8 notices, §9 money) through the local billing
// provider's own checkout, portal and invoice pages.

// Each journey loads several pages afresh (billing, checkout, portal in a new tab), so it
// gets more time than one screen's test on a busy machine.
test.describe.configure({ timeout: 90_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

test('a new client buys Basic monthly through the checkout and gets Basic at once', async ({
  page,
  request,
}) => {
  const client = await createClientAccount(request, 'Bailey Buyer');
  await openSignedIn(page, client, '/billing');

  await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
  await expect(subscriptionCard(page).getByText('Pending', { exact: true })).toBeVisible();
  await expect(subscriptionCard(page).getByText('Trial', { exact: true })).toBeVisible();
  await expect(packagesSection(page).getByRole('listitem')).toHaveCount(4);
  await expect(invoicesSection(page).getByText(/No invoices yet/)).toBeVisible();
  await expect(sidebar(page).getByRole('link', { name: 'Catalog' })).toHaveCount(0);

  await packagesSection(page).getByRole('button', { name: 'Select Basic Monthly' }).click();
  await expect(page).toHaveURL(/\/pay\/checkout\/[\w-]+$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Confirm your subscription' }),
  ).toBeVisible();
  await expect(page.getByText('Secure checkout')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Basic Monthly' })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByText('Bailey Buyer')).toBeVisible();
  await expect(main.getByText(client.user.email)).toBeVisible();
  await page.getByRole('button', { name: 'Confirm and pay $29.00' }).click();

  // Back on Billing with the notice, and the query gone from the address.
  await expect(page).toHaveURL(/\/billing$/);
  await expect(page.getByRole('status').getByText('Subscription active')).toBeVisible();
  await expect(
    page.getByRole('status').getByText('You are subscribed to Basic Monthly.'),
  ).toBeVisible();
  await expect(subscriptionCard(page).getByText('Active', { exact: true })).toBeVisible();
  await expect(subscriptionCard(page).getByText('Basic', { exact: true })).toBeVisible();
  await expect(subscriptionCard(page).getByText('Renews on')).toBeVisible();
  await expect(packagesSection(page)).toHaveCount(0);
  const invoice = invoicesSection(page)
    .getByRole('row')
    .filter({ hasText: /INV-\d+/ });
  await expect(invoice).toHaveCount(1);
  await expect(invoice.getByText('Paid', { exact: true })).toBeVisible();
  await expect(invoice.getByText('$29.00')).toBeVisible();
  await expect(invoice.getByRole('link', { name: /Pay Now/ })).toHaveCount(0);

  // The plan's features follow without a reload: the sidebar, and the account's gates.
  await expect(sidebar(page).getByRole('link', { name: 'Catalog' })).toBeVisible();
  const account = await accountOf(request, client);
  expect(account.plan).toBe('Basic');
  expect(account.capabilities.canSchedule).toBe(true);
  expect(account.capabilities.hasCatalogAccess).toBe(true);
  await sidebar(page).getByRole('link', { name: 'Scheduler' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Scheduler' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'New schedule' })).toBeVisible();
  await expect(page.getByText('Scheduling is not enabled for your plan.')).toHaveCount(0);

  // The PDF link is signed: it opens in a new tab without the bearer header.
  await sidebar(page).getByRole('link', { name: 'Billing' }).click();
  const pdfLink = invoicesSection(page).getByRole('link', { name: /^PDF of invoice INV-\d+/ });
  await expect(pdfLink).toHaveAttribute('target', '_blank');
  const pdf = await request.get((await pdfLink.getAttribute('href')) ?? '');
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 4).toString()).toBe('%PDF');
});

test('the portal switches the plan to Pro, then cancels after a confirmation', async ({
  page,
  request,
}) => {
  const client = await createClientAccount(request, 'Parker Portal');
  await subscribe(request, client, 'basic-monthly');
  await openSignedIn(page, client, '/billing');
  await expect(subscriptionCard(page).getByText('Active', { exact: true })).toBeVisible();
  await expect(sidebar(page).getByRole('link', { name: 'Team' })).toHaveCount(0);

  // The portal opens in a new tab.
  const [portal] = await Promise.all([
    page.waitForEvent('popup'),
    subscriptionCard(page)
      .getByRole('button', { name: /Open billing portal/ })
      .click(),
  ]);
  await expect(page.getByRole('status').getByText('Opening Portal')).toBeVisible();
  await expect(portal).toHaveURL(/\/pay\/portal\/[\w-]+$/);
  await expect(
    portal.getByRole('heading', { level: 1, name: 'Manage your subscription' }),
  ).toBeVisible();
  const current = portal.getByRole('region', { name: 'Current plan' });
  await expect(current.getByText('Basic Monthly')).toBeVisible();
  await expect(current.getByText('$29.00 / month')).toBeVisible();
  await expect(portal.getByRole('radio', { name: /Basic Monthly/ })).toBeDisabled();
  await portal.getByRole('radio', { name: /Pro Monthly/ }).check();
  await portal.getByRole('button', { name: 'Switch to Pro Monthly and pay $79.00' }).click();

  await expect(portal).toHaveURL(/\/billing$/);
  await expect(portal.getByRole('status').getByText('Your plan is now Pro Monthly.')).toBeVisible();
  await expect(subscriptionCard(portal).getByText('Pro', { exact: true })).toBeVisible();
  await expect(sidebar(portal).getByRole('link', { name: 'Team' })).toBeVisible();
  const newest = invoicesSection(portal)
    .getByRole('row')
    .filter({ hasText: /INV-\d+/ })
    .first();
  await expect(newest.getByText('$79.00')).toBeVisible();
  await expect(
    invoicesSection(portal)
      .getByRole('row')
      .filter({ hasText: /INV-\d+/ }),
  ).toHaveCount(2);

  // Cancelling asks first; saying no changes nothing.
  const [again] = await Promise.all([
    portal.waitForEvent('popup'),
    subscriptionCard(portal)
      .getByRole('button', { name: /Open billing portal/ })
      .click(),
  ]);
  await expect(
    again.getByRole('region', { name: 'Current plan' }).getByText('Pro Monthly'),
  ).toBeVisible();
  await again.getByRole('button', { name: 'Cancel subscription', exact: true }).click();
  const dialog = again.getByRole('dialog', { name: 'Cancel your subscription?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(dialog).toBeHidden();
  await again.getByRole('button', { name: 'Cancel subscription', exact: true }).click();
  await dialog.getByRole('button', { name: 'Yes, cancel subscription' }).click();

  await expect(again).toHaveURL(/\/billing$/);
  await expect(again.getByRole('status').getByText('Subscription cancelled')).toBeVisible();
  await expect(subscriptionCard(again).getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(packagesSection(again).getByRole('button', { name: /^Select / })).toHaveCount(4);
});

test.describe('links that can no longer be used', () => {
  test.use({ allowConsoleErrors: [/status of 404/] });

  test('an unknown or used token shows the message and the way back to Billing', async ({
    page,
    request,
  }) => {
    const client = await createClientAccount(request, 'Uma Used');
    const used = await subscribe(request, client, 'basic-monthly');
    await page.goto(used);
    await expect(page.getByText(billingApiMessages.sessionGone)).toBeVisible();

    for (const kind of ['checkout', 'portal', 'invoice']) {
      await page.goto(`/pay/${kind}/not-a-real-token`);
      await expect(
        page.getByRole('heading', { name: 'This link can no longer be used' }),
      ).toBeVisible();
      await expect(page.getByText(billingApiMessages.sessionGone)).toBeVisible();
      await expect(page.getByRole('link', { name: 'Back to Billing' })).toHaveAttribute(
        'href',
        '/billing',
      );
    }
  });

  test('a checkout opened twice: the second tab says the link was used', async ({
    page,
    request,
    browser,
  }) => {
    const client = await createClientAccount(request, 'Taylor Twotabs');
    const checkoutUrl = await startCheckout(request, client, 'pro-yearly');
    await page.goto(checkoutUrl);
    await expect(page.getByRole('button', { name: 'Confirm and pay $790.00' })).toBeVisible();
    const other = await browser.newPage();
    await openSignedIn(other, client, checkoutUrl);
    await other.getByRole('button', { name: 'Confirm and pay $790.00' }).click();
    await expect(other).toHaveURL(/\/billing$/);

    await page.getByRole('button', { name: 'Confirm and pay $790.00' }).click();
    await expect(page.getByRole('alert').getByText(billingApiMessages.sessionGone)).toBeVisible();
    await other.close();
  });
});

test('a team member sees that the owner manages billing', async ({ page, request }) => {
  const owner = await createClientAccount(request, 'Olive Owner');
  await subscribe(request, owner, 'pro-monthly');
  const member = await createTeamMember(request, owner);
  await openSignedIn(page, member, '/billing');
  await expect(
    page.getByRole('heading', { name: 'Billing is managed by the account owner' }),
  ).toBeVisible();
  await expect(page.getByText(/Olive Owner \(Acme Test Co\) manages the plan/)).toBeVisible();
  await expect(page.getByRole('button', { name: /Open billing portal/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Select / })).toHaveCount(0);
});

test.describe('failures', () => {
  test.use({ allowConsoleErrors: [/net::ERR_FAILED|status of 409/] });

  test('the notices of SPEC §8 when the portal or a checkout cannot start', async ({
    page,
    request,
  }) => {
    const client = await createClientAccount(request, 'Frankie Fails');
    await page.route('**/api/zoho/invoices', (route) => route.abort());
    await openSignedIn(page, client, '/billing');
    // The client retries once before it gives up.
    await expect(
      page.getByRole('status').getByText('Failed to load billing information'),
    ).toBeVisible({ timeout: 15_000 });
    const invoices = invoicesSection(page);
    await expect(invoices.getByRole('alert')).toContainText('Invoices could not be loaded');
    await page.unroute('**/api/zoho/invoices');
    await invoices.getByRole('button', { name: 'Try again' }).click();
    await expect(invoices.getByText(/No invoices yet/)).toBeVisible();
    await expect(packagesSection(page).getByRole('listitem')).toHaveCount(4);

    await page.route('**/api/zoho/portal-url', (route) => route.abort());
    const popup = page.waitForEvent('popup');
    await subscriptionCard(page)
      .getByRole('button', { name: /Open billing portal/ })
      .click();
    await expect(page.getByRole('status').getByText('Failed to open billing portal')).toBeVisible();
    // The tab opened for the portal is closed again.
    await expect.poll(async () => (await popup).isClosed()).toBe(true);

    await page.route('**/api/zoho/select-package', (route) => route.abort());
    await packagesSection(page).getByRole('button', { name: 'Select Pro Monthly' }).click();
    await expect(page.getByRole('status').getByText('Failed to select package')).toBeVisible();
    await page.unroute('**/api/zoho/select-package');

    // The server's own message: meanwhile the client subscribed in another tab.
    await subscribe(request, client, 'basic-monthly');
    await packagesSection(page).getByRole('button', { name: 'Select Pro Monthly' }).click();
    await expect(
      page.getByRole('status').getByText(billingApiMessages.alreadyActive),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/billing$/);
  });
});

test('billing and the token pages have no axe violations', async ({ browser, request }) => {
  // @axe-core/playwright needs a page from browser.newContext() (DESIGN §2).
  const context = await browser.newContext();
  const page = await context.newPage();
  const unexpected = watchConsole(page);
  const axe = async () => (await new AxeBuilder({ page }).analyze()).violations;
  const client = await createClientAccount(request, 'Axel Billing');

  await openSignedIn(page, client, '/billing');
  await expect(packagesSection(page).getByRole('listitem')).toHaveCount(4);
  expect(await axe()).toEqual([]);

  await page.goto(await startCheckout(request, client, 'basic-monthly'));
  await expect(page.getByRole('button', { name: /Confirm and pay/ })).toBeVisible();
  expect(await axe()).toEqual([]);
  await page.getByRole('button', { name: /Confirm and pay/ }).click();
  await expect(invoicesSection(page).getByRole('row')).toHaveCount(2);
  expect(await axe()).toEqual([]);

  const [portal] = await Promise.all([
    page.waitForEvent('popup'),
    subscriptionCard(page)
      .getByRole('button', { name: /Open billing portal/ })
      .click(),
  ]);
  await expect(portal.getByRole('radio', { name: /Pro Monthly/ })).toBeVisible();
  expect((await new AxeBuilder({ page: portal }).analyze()).violations).toEqual([]);

  expect(unexpected()).toEqual([]);
  await context.close();
});
