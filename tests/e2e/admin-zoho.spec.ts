import AxeBuilder from '@axe-core/playwright';
import { brand } from '#shared/brand.ts';
import { expectNotice, pickClient } from './admin-tools-helpers.ts';
import {
  createClientAccount,
  expect,
  loginAdmin,
  openSignedIn,
  test,
  watchConsole,
} from './fixtures.ts';

// The CRM/billing-apps tools page (SPEC §2 Admin, §5, §7, §8) with the default local
// billing provider.

test('every action and Save ask for a client first', async ({ page, request }) => {
  const admin = await loginAdmin(request);
  await openSignedIn(page, admin, '/admin/zoho');
  await expect(page.getByRole('heading', { level: 1, name: 'CRM & Billing Apps' })).toBeVisible();
  await expect(page.getByText('No client selected.')).toBeVisible();

  for (const name of ['Create contact', 'Provision', 'Sync status', 'Save IDs']) {
    await page.getByRole('button', { name }).click();
    await expectNotice(page, 'Select client', 'Choose a client first.');
    await page.getByRole('button', { name: 'Dismiss notification' }).click();
  }
});

test('a chosen client still loading keeps the tools waiting, not asking for a client', async ({
  page,
  request,
}) => {
  const [admin, client] = await Promise.all([
    loginAdmin(request),
    createClientAccount(request, 'Wanda Wait'),
  ]);
  // The chosen client's answer is held back until the test lets it through.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(`**/api/admin/clients/${client.user._id}`, async (route) => {
    await held;
    await route.continue();
  });
  await openSignedIn(page, admin, `/admin/zoho?client=${client.user._id}`);
  await expect(page.getByText('Loading client…')).toBeVisible();
  for (const name of ['Create contact', 'Provision', 'Sync status', 'Save IDs']) {
    await expect(page.getByRole('button', { name })).toBeDisabled();
  }
  await expect(
    page.getByRole('region', { name: 'Zoho IDs' }).getByLabel('CRM contact ID'),
  ).toBeDisabled();

  release();
  await expect(page.getByRole('heading', { level: 2, name: 'Wanda Wait' })).toBeVisible();
  await page.getByRole('button', { name: 'Create contact' }).click();
  await expect(page.getByRole('list', { name: 'Action results' })).toContainText('Contact ID');
});

test('ids are saved, still there after a reload, and deep-link into each app', async ({
  page,
  request,
}) => {
  const [admin, client] = await Promise.all([
    loginAdmin(request),
    createClientAccount(request, 'Zed Zoho'),
  ]);
  await openSignedIn(page, admin, '/admin/zoho');
  await pickClient(page, client.user.email);
  await expect(page.getByRole('heading', { level: 2, name: 'Zed Zoho' })).toBeVisible();

  const ids = page.getByRole('region', { name: 'Zoho IDs' });
  await ids.getByLabel('CRM contact ID').fill('CRM-778');
  await ids.getByLabel('Books contact ID').fill('BK 9');
  await ids.getByLabel('Desk contact ID').fill('DESK-1');
  await ids.getByRole('button', { name: 'Save IDs' }).click();
  await expectNotice(page, 'Saved', 'Zoho IDs saved.');

  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: 'Zed Zoho' })).toBeVisible();
  await expect(ids.getByLabel('CRM contact ID')).toHaveValue('CRM-778');
  await expect(ids.getByLabel('Books contact ID')).toHaveValue('BK 9');
  await expect(ids.getByLabel('Desk contact ID')).toHaveValue('DESK-1');
  await expect(ids.getByLabel('Subscriptions customer ID')).toHaveValue('');

  const links = page.getByRole('region', { name: 'Quick links' });
  await expect(links.getByRole('link', { name: /in CRM/ })).toHaveAttribute(
    'href',
    `${brand.crmLinks.crm}CRM-778`,
  );
  await expect(links.getByRole('link', { name: /in Books/ })).toHaveAttribute(
    'href',
    `${brand.crmLinks.books}BK%209`,
  );
  await expect(links.getByRole('link', { name: /in Desk/ })).toHaveAttribute(
    'href',
    `${brand.crmLinks.desk}DESK-1`,
  );
  await expect(links.getByRole('link', { name: /in CRM/ })).toHaveAttribute('target', '_blank');
  await expect(links.getByRole('link', { name: /in Subscriptions/ })).toHaveCount(0);
  await expect(links.getByRole('listitem').filter({ hasText: 'Subscriptions' })).toContainText(
    'No ID saved',
  );

  // Clearing a field unlinks it.
  await ids.getByLabel('Desk contact ID').fill('');
  await ids.getByRole('button', { name: 'Save IDs' }).click();
  await expectNotice(page, 'Saved', 'Zoho IDs saved.');
  await expect(links.getByRole('link', { name: /in Desk/ })).toHaveCount(0);
});

test('with local billing the actions make local ids and report the status', async ({
  page,
  request,
}) => {
  const [admin, client] = await Promise.all([
    loginAdmin(request),
    createClientAccount(request, 'Lou Local'),
  ]);
  await openSignedIn(page, admin, `/admin/zoho?client=${client.user._id}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Lou Local' })).toBeVisible();
  const results = page.getByRole('list', { name: 'Action results' });
  const ids = page.getByRole('region', { name: 'Zoho IDs' });
  const links = page.getByRole('region', { name: 'Quick links' });

  await page.getByRole('button', { name: 'Create contact' }).click();
  await expectNotice(page, 'Contact created', /^Contact ID LC-[0-9A-F]{12}\.$/);
  // The field is filled once the client is read again, which may come after the notice.
  const contactField = ids.getByLabel(/^Contact ID/);
  await expect(contactField).toHaveValue(/^LC-[0-9A-F]{12}$/);
  const contactId = await contactField.inputValue();
  await expect(results.getByRole('listitem').first()).toContainText('Local billing');
  await expect(links.getByRole('link', { name: /in CRM/ })).toHaveAttribute(
    'href',
    `${brand.crmLinks.crm}${contactId}`,
  );

  await page.getByRole('button', { name: 'Provision' }).click();
  await expectNotice(
    page,
    'Provisioned',
    // The text without the title it would repeat ("Provisioned.").
    /^Billing customer LCUS-[0-9A-F]{12}, subscription LSUB-[0-9A-F]{12}\.$/,
  );
  await expect(ids.getByLabel('Subscriptions customer ID')).toHaveValue(/^LCUS-/);
  await expect(ids.getByLabel(/^Subscription ID/)).toHaveValue(/^LSUB-/);
  await expect(links.getByRole('link', { name: /in Subscriptions/ })).toHaveAttribute(
    'href',
    new RegExp(`^${brand.crmLinks.subscriptions.replace(/[.#/]/g, '\\$&')}LCUS-`),
  );

  await page.getByRole('button', { name: 'Provision' }).click();
  await expectNotice(page, 'Provisioned', /^Already provisioned\./);

  await page.getByRole('button', { name: 'Sync status' }).click();
  await expectNotice(
    page,
    'Status synced',
    'Billing status: Pending (subscription: Pending, plan Trial).',
  );
  await expect(results.getByRole('listitem')).toHaveCount(4);
});

test.describe('failures', () => {
  test.use({ allowConsoleErrors: [/status of 502|net::ERR_FAILED/] });

  test('a failed action or save says so: the server answer, or the fixed text', async ({
    page,
    request,
  }) => {
    const [admin, client] = await Promise.all([
      loginAdmin(request),
      createClientAccount(request, 'Fay Failure'),
    ]);
    await openSignedIn(page, admin, `/admin/zoho?client=${client.user._id}`);
    await expect(page.getByRole('heading', { level: 2, name: 'Fay Failure' })).toBeVisible();

    await page.route('**/api/zoho/provision/**', (route) =>
      route.fulfill({
        status: 502,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Zoho did not answer' }),
      }),
    );
    await page.getByRole('button', { name: 'Provision' }).click();
    await expectNotice(page, 'Error', '502: Zoho did not answer');
    await expect(page.getByRole('list', { name: 'Action results' })).toContainText('Failed');

    await page.unroute('**/api/zoho/provision/**');
    for (const [path, button, text] of [
      ['create-contact', 'Create contact', 'Error creating contact'],
      ['provision', 'Provision', 'Provision failed'],
      ['sync-status', 'Sync status', 'Sync failed'],
    ] as const) {
      await page.route(`**/api/zoho/${path}/**`, (route) => route.abort());
      await page.getByRole('button', { name: button }).click();
      await expectNotice(page, 'Error', text);
    }

    await page.route(`**/api/admin/clients/${client.user._id}`, (route) =>
      route.request().method() === 'PATCH' ? route.abort() : route.continue(),
    );
    const ids = page.getByRole('region', { name: 'Zoho IDs' });
    await ids.getByLabel('Desk contact ID').fill('D-1');
    await ids.getByRole('button', { name: 'Save IDs' }).click();
    await expectNotice(page, 'Error', 'Failed to save Zoho IDs');
  });
});

test('the tools page has no axe violations', async ({ browser, request }) => {
  const [admin, client] = await Promise.all([
    loginAdmin(request),
    createClientAccount(request, 'Axe Zoho'),
  ]);
  const context = await browser.newContext();
  const page = await context.newPage();
  const unexpected = watchConsole(page);
  await openSignedIn(page, admin, `/admin/zoho?client=${client.user._id}`);
  await page.getByRole('button', { name: 'Create contact' }).click();
  await expect(page.getByRole('list', { name: 'Action results' })).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  expect(unexpected()).toEqual([]);
  await context.close();
});
