import AxeBuilder from '@axe-core/playwright';
import { billingApiMessages } from '#shared/billing-api.ts';
import { invoicingMessages } from '#shared/invoicing.ts';
import {
  accountOf,
  createTeamMember,
  invoicesSection,
  packageCards,
  packagesSection,
  sidebar,
  startCheckout,
  subscribe,
  subscriptionCard,
} from './billing-helpers.ts';
import {
  createClientAccount,
  expect,
  loginAdmin,
  openSignedIn,
  test,
  watchConsole,
} from './fixtures.ts';

// Billing (SPEC §2 Billing, §4 status, §8 notices, §9 money) through the local billing
// provider: invoices with how to pay them, the portal, and the admin recording a payment.

test('a new client chooses Basic monthly: an invoice with how to pay, and the plan starts when the payment is recorded', async ({
  page,
  request,
  browser,
}) => {
  const client = await createClientAccount(request, 'Bailey Buyer');
  await openSignedIn(page, client, '/billing');

  await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
  // One honest status: no plan named, no portal while nothing is paid for.
  await expect(subscriptionCard(page).getByText('Pending', { exact: true })).toBeVisible();
  await expect(subscriptionCard(page).getByText('None yet', { exact: true })).toBeVisible();
  await expect(subscriptionCard(page).getByText('Trial', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Open billing portal/ })).toHaveCount(0);
  await expect(packageCards(page)).toHaveCount(4);
  await expect(invoicesSection(page).getByText(/No invoices yet/)).toBeVisible();
  await expect(sidebar(page).getByRole('link', { name: 'Catalog' })).toHaveCount(0);

  await packagesSection(page).getByRole('button', { name: 'Select Basic Monthly' }).click();
  await expect(page).toHaveURL(/\/pay\/invoice\/[\w-]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your invoice' })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByText('Unpaid', { exact: true })).toBeVisible();
  await expect(main.getByText('Bailey Buyer')).toBeVisible();
  await expect(main.getByText('Basic Monthly subscription, one month')).toBeVisible();
  await expect(main.getByText('Due by')).toBeVisible();
  const howToPay = page.getByRole('region', { name: 'How to pay' });
  await expect(howToPay.getByText('First Lakes Bank')).toBeVisible();
  await expect(howToPay.getByText('091000019')).toBeVisible();
  await expect(howToPay.getByText(/Minneapolis, MN 55401/)).toBeVisible();
  // Nothing on the page takes a payment.
  await expect(main.getByRole('button', { name: /pay/i })).toHaveCount(0);
  const pdfLink = main.getByRole('link', { name: /Download PDF/ });
  await expect(pdfLink).toHaveAttribute('target', '_blank');
  const pdf = await request.get((await pdfLink.getAttribute('href')) ?? '');
  expect(pdf.status()).toBe(200);
  expect((await pdf.body()).subarray(0, 4).toString()).toBe('%PDF');

  // Billing lists the open invoice with its due date, and the plan is still pending.
  await main.getByRole('link', { name: 'Back to Billing' }).click();
  await expect(subscriptionCard(page).getByText('Pending', { exact: true })).toBeVisible();
  const invoice = invoicesSection(page)
    .getByRole('row')
    .filter({ hasText: /INV-\d+/ });
  await expect(invoice.getByText('Unpaid', { exact: true })).toBeVisible();
  await expect(invoice.getByText(/^Due /)).toBeVisible();
  const number = ((await invoice.getByText(/^INV-\d+$/).textContent()) ?? '').trim();
  await expect(invoice.getByRole('link', { name: /Pay Now/ })).toHaveAttribute(
    'href',
    /\/pay\/invoice\//,
  );

  // The consultancy records the check when it arrives.
  const adminPage = await browser.newPage();
  await openSignedIn(
    adminPage,
    await loginAdmin(request),
    `/admin/clients/${client.user._id}#billing`,
  );
  const card = adminPage.getByRole('region', { name: 'Invoices and payments' });
  await card.getByRole('button', { name: `Record payment for ${number}` }).click();
  const dialog = adminPage.getByRole('dialog', { name: 'Record a payment' });
  await expect(dialog.getByText(`Invoice ${number}: $29.00 of $29.00 is due.`)).toBeVisible();
  await expect(dialog.getByLabel('Amount received (USD)')).toHaveValue('29');
  await dialog.getByLabel('Method').selectOption('check');
  await dialog.getByLabel(/Reference/).fill('Check 1042');
  // It offers today in the billing zone; the day after is refused under the field.
  const received = dialog.getByLabel('Date received');
  const today = await received.inputValue();
  await expect(dialog.getByText('Dates in Central Time.')).toBeVisible();
  await received.fill(new Date(Date.parse(today) + 86_400_000).toISOString().slice(0, 10));
  await dialog.getByRole('button', { name: 'Record payment' }).click();
  await expect(dialog.getByText(invoicingMessages.date)).toBeVisible();
  await expect(received).toHaveAttribute('aria-invalid', 'true');
  await received.fill(today);
  await dialog.getByRole('button', { name: 'Record payment' }).click();
  // The notice's text leaves out the title it would repeat ("Payment recorded.").
  const recorded = adminPage.getByRole('status');
  await expect(recorded.getByText('Payment recorded', { exact: true })).toBeVisible();
  await expect(recorded.getByText(/^INV-\d+ is paid; Basic Monthly active until/)).toBeVisible();
  await expect(card.getByText(/\$29\.00 by Check on .* · Check 1042 · recorded by/)).toBeVisible();
  await adminPage.close();

  await page.reload();
  await expect(subscriptionCard(page).getByText('Active', { exact: true })).toBeVisible();
  await expect(subscriptionCard(page).getByText('Basic', { exact: true })).toBeVisible();
  await expect(packagesSection(page)).toHaveCount(0);
  await expect(invoice.getByText('Paid', { exact: true })).toBeVisible();
  await expect(invoice.getByRole('link', { name: /Pay Now/ })).toHaveCount(0);
  await expect(sidebar(page).getByRole('link', { name: 'Catalog' })).toBeVisible();
  const account = await accountOf(request, client);
  expect(account.plan).toBe('Basic');
  expect(account.capabilities.canSchedule).toBe(true);
});

test('the portal asks for Pro with an invoice less the unused month, then cancels at the period end', async ({
  page,
  request,
}) => {
  const client = await createClientAccount(request, 'Parker Portal');
  await subscribe(request, client, 'basic-monthly');
  await openSignedIn(page, client, '/billing');
  await expect(subscriptionCard(page).getByText('Active', { exact: true })).toBeVisible();

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
  // Basic was paid today: nearly all of its month comes off Pro's first invoice.
  const requestPro = portal.getByRole('button', {
    name: /^Request Pro Monthly: invoice for \$\d+\.\d\d \(\$79\.00 less \$2\d\.\d\d unused\)$/,
  });
  const due = /invoice for (\$\d+\.\d\d)/.exec((await requestPro.textContent()) ?? '')?.[1] ?? '';
  await requestPro.click();

  await expect(portal).toHaveURL(/\/billing$/);
  await expect(
    portal.getByRole('status').getByText(/Invoice INV-\d+ for Pro Monthly is issued/),
  ).toBeVisible();
  // Basic runs on until the invoice is paid.
  await expect(subscriptionCard(portal).getByText('Basic', { exact: true })).toBeVisible();
  const rows = invoicesSection(portal)
    .getByRole('row')
    .filter({ hasText: /INV-\d+/ });
  await expect(rows).toHaveCount(2);
  await expect(rows.first().getByText(due, { exact: true })).toBeVisible();
  await expect(rows.first().getByText('Unpaid', { exact: true })).toBeVisible();

  // The portal now shows the invoice waiting. Cancelling asks first; no changes nothing.
  const [again] = await Promise.all([
    portal.waitForEvent('popup'),
    subscriptionCard(portal)
      .getByRole('button', { name: /Open billing portal/ })
      .click(),
  ]);
  await expect(again.getByText('Invoice waiting for payment')).toBeVisible();
  await again.getByRole('button', { name: 'Cancel subscription', exact: true }).click();
  const dialog = again.getByRole('dialog', { name: 'Cancel your subscription?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(dialog).toBeHidden();
  await again.getByRole('button', { name: 'Cancel subscription', exact: true }).click();
  await dialog.getByRole('button', { name: 'Yes, cancel subscription' }).click();

  // The month paid for runs to its end; the Pro request goes void.
  await expect(again).toHaveURL(/\/billing$/);
  await expect(again.getByRole('status').getByText('Plan ends with its period')).toBeVisible();
  await expect(subscriptionCard(again).getByText('Active', { exact: true })).toBeVisible();
  await expect(subscriptionCard(again).getByText('Ends on')).toBeVisible();
  await expect(subscriptionCard(again).getByText(/^Basic until .+, then ends\./)).toBeVisible();
  await expect(
    invoicesSection(again)
      .getByRole('row')
      .filter({ hasText: /INV-\d+/ })
      .first()
      .getByText('Void', { exact: true }),
  ).toBeVisible();

  // Until then the portal offers the way back, and keeping the plan undoes it.
  const [last] = await Promise.all([
    again.waitForEvent('popup'),
    subscriptionCard(again)
      .getByRole('button', { name: /Open billing portal/ })
      .click(),
  ]);
  await expect(last.getByRole('heading', { name: /^Basic until .+, then ends$/ })).toBeVisible();
  await expect(last.getByRole('button', { name: 'Cancel subscription', exact: true })).toHaveCount(
    0,
  );
  await last.getByRole('button', { name: 'Keep Basic' }).click();
  await expect(last).toHaveURL(/\/billing$/);
  await expect(last.getByRole('status').getByText('Plan goes on', { exact: true })).toBeVisible();
  await expect(subscriptionCard(last).getByText('Renews on')).toBeVisible();
});

test('an admin voids an invoice issued in error, and the client reads why', async ({
  browser,
  page,
  request,
}) => {
  const client = await createClientAccount(request, 'Vera Void');
  await startCheckout(request, client, 'pro-yearly');
  const adminPage = await browser.newPage();
  await openSignedIn(
    adminPage,
    await loginAdmin(request),
    `/admin/clients/${client.user._id}#billing`,
  );
  const card = adminPage.getByRole('region', { name: 'Invoices and payments' });
  const firstRow = card.getByRole('listitem').first();
  await expect(firstRow).toContainText(/INV-\d+/);
  const number = /INV-\d+/.exec((await firstRow.textContent()) ?? '')?.[0] ?? '';
  await card.getByRole('button', { name: `Void ${number}` }).click();
  const dialog = adminPage.getByRole('dialog', { name: `Void ${number}?` });
  // Checked on the page with the server's schema: a reason is needed.
  await dialog.getByRole('button', { name: 'Void invoice' }).click();
  await expect(dialog.getByText(invoicingMessages.voidReason)).toBeVisible();
  await dialog.getByLabel('Reason').fill('Pro Yearly chosen by mistake; Basic agreed by phone');
  await dialog.getByRole('button', { name: 'Void invoice' }).click();
  await expect(adminPage.getByRole('status').getByText(`Invoice ${number} is void.`)).toBeVisible();
  await expect(
    card.getByText('Voided: Pro Yearly chosen by mistake; Basic agreed by phone'),
  ).toBeVisible();
  await expect(card.getByRole('button', { name: `Void ${number}` })).toHaveCount(0);
  await adminPage.close();

  await openSignedIn(page, client, '/billing');
  const row = invoicesSection(page).getByRole('row').filter({ hasText: number });
  await expect(row.getByText('Void', { exact: true })).toBeVisible();
  await expect(
    row.getByText('Voided: Pro Yearly chosen by mistake; Basic agreed by phone'),
  ).toBeVisible();
  await expect(row.getByRole('link', { name: /Pay Now/ })).toHaveCount(0);
});

test.describe('links that can no longer be used', () => {
  test.use({ allowConsoleErrors: [/status of 404/] });

  test('an unknown token shows the message and the way back to Billing', async ({ page }) => {
    for (const kind of ['portal', 'invoice']) {
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

  test('a portal link used in one tab: the second tab says the link was used', async ({
    page,
    request,
    browser,
  }) => {
    const client = await createClientAccount(request, 'Taylor Twotabs');
    await subscribe(request, client, 'basic-monthly');
    const portal = await request.post('/api/zoho/portal-url', {
      headers: { authorization: `Bearer ${client.token}` },
    });
    const { url } = (await portal.json()) as { url: string };
    await page.goto(url);
    await page.getByRole('radio', { name: /Pro Yearly/ }).check();
    const other = await browser.newPage();
    await openSignedIn(other, client, url);
    await other.getByRole('radio', { name: /Pro Yearly/ }).check();
    await other.getByRole('button', { name: /^Request Pro Yearly/ }).click();
    await expect(other).toHaveURL(/\/billing$/);

    await page.getByRole('button', { name: /^Request Pro Yearly/ }).click();
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
    ).toBeVisible();
    const invoices = invoicesSection(page);
    await expect(invoices.getByRole('alert')).toContainText('Invoices could not be loaded');
    await page.unroute('**/api/zoho/invoices');
    await invoices.getByRole('button', { name: 'Try again' }).click();
    await expect(invoices.getByText(/No invoices yet/)).toBeVisible();
    await expect(packageCards(page)).toHaveCount(4);

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

    // With a plan there is a portal to open; when its address cannot be had, it says so.
    await page.reload();
    await page.route('**/api/zoho/portal-url', (route) => route.abort());
    const popup = page.waitForEvent('popup');
    await subscriptionCard(page)
      .getByRole('button', { name: /Open billing portal/ })
      .click();
    await expect(page.getByRole('status').getByText('Failed to open billing portal')).toBeVisible();
    // The tab opened for the portal is closed again.
    await expect.poll(async () => (await popup).isClosed()).toBe(true);
  });
});

test('billing, an invoice to pay and the invoice list have no axe violations', async ({
  browser,
  request,
}) => {
  // @axe-core/playwright needs a page from browser.newContext() (DESIGN §2).
  const context = await browser.newContext();
  const page = await context.newPage();
  const unexpected = watchConsole(page);
  const axe = async () => (await new AxeBuilder({ page }).analyze()).violations;
  const client = await createClientAccount(request, 'Axel Billing');

  await openSignedIn(page, client, '/billing');
  await expect(packageCards(page)).toHaveCount(4);
  expect(await axe()).toEqual([]);

  await page.goto(await startCheckout(request, client, 'basic-monthly'));
  await expect(page.getByRole('region', { name: 'How to pay' })).toBeVisible();
  expect(await axe()).toEqual([]);
  await page.getByRole('link', { name: 'Back to Billing' }).click();
  await expect(invoicesSection(page).getByRole('row')).toHaveCount(2);
  expect(await axe()).toEqual([]);

  expect(unexpected()).toEqual([]);
  await context.close();
});

test('the billing portal has no axe violations', async ({ browser, request }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const unexpected = watchConsole(page);
  const client = await createClientAccount(request, 'Axel Portal');
  await subscribe(request, client, 'basic-monthly');

  await openSignedIn(page, client, '/billing');
  await expect(subscriptionCard(page).getByText('Active', { exact: true })).toBeVisible();
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
