import type { Page } from '@playwright/test';
import { createClientAccount, expect, loginAdmin, openSignedIn, test } from './fixtures.ts';

// Admin client screens (SPEC §2 Admin, §4 chips, §5 allowed IPs).

/** The client's row on the list (a table row at desktop width), found by searching. */
async function clientRow(page: Page, email: string) {
  await page.getByLabel('Search clients').fill(email);
  return page.getByRole('row').filter({ hasText: email });
}

test('the list shows status chips in their colours and the No IPs set chip', async ({
  page,
  request,
}) => {
  const [admin, client] = await Promise.all([
    loginAdmin(request),
    createClientAccount(request, 'Chip Checker'),
  ]);
  await openSignedIn(page, admin, '/admin/clients');
  await expect(page.getByRole('heading', { level: 1, name: 'Clients' })).toBeVisible();

  let row = await clientRow(page, client.user.email);
  await expect(row.getByText('Acme Test Co')).toBeVisible();
  await expect(row.getByRole('cell', { name: 'Client', exact: true })).toBeVisible();
  await expect(row.getByText('No IPs set')).toBeVisible();
  // A new account has no plan yet: Pending, amber.
  await expect(row.getByText('Pending', { exact: true })).toHaveClass(/amber/);

  // Set the mock status on the detail screen, then back to the list.
  await row.getByRole('link', { name: /^Open/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Chip Checker' })).toBeVisible();
  await page.getByRole('tab', { name: 'Plan & billing' }).click();
  await expect(page).toHaveURL(/#billing$/);
  const status = page.getByRole('region', { name: 'Plan and billing' });
  await status.getByLabel('Status, set by hand').selectOption('trialing');
  await status.getByRole('button', { name: 'Save plan and billing' }).click();
  await expect(
    page.getByRole('status').getByText('Subscription status is now Trial.'),
  ).toBeVisible();
  await expect(
    status.getByRole('definition').first().getByText('Trial', { exact: true }),
  ).toHaveClass(/brand/); // blue

  await status.getByLabel('Status, set by hand').selectOption('active');
  await status.getByRole('button', { name: 'Save plan and billing' }).click();
  await expect(status.getByRole('definition').getByText('Active')).toHaveClass(/green/);

  await page.getByRole('link', { name: '← All clients' }).click();
  row = await clientRow(page, client.user.email);
  await expect(row.getByText('Active', { exact: true })).toHaveClass(/green/);

  // Edit goes straight to the account editor.
  await row.getByRole('link', { name: /^Edit/ }).click();
  await expect(page).toHaveURL(`/admin/clients/${client.user._id}#account`);
  await expect(page.getByLabel('Name', { exact: true })).toBeFocused();
});

test('entitlements and plan are saved on their tabs and still there after a reload', async ({
  page,
  request,
}) => {
  const [admin, client] = await Promise.all([
    loginAdmin(request),
    createClientAccount(request, 'Ellis Entitled'),
  ]);
  await openSignedIn(page, admin, `/admin/clients/${client.user._id}`);
  const tab = (name: string) => page.getByRole('tab', { name });

  await tab('Entitlements').click();
  const switches = page.getByRole('region', { name: 'Entitlements' });
  await expect(switches.getByLabel('Analytics')).not.toBeChecked();
  await switches.getByLabel('Analytics').check();
  await switches.getByLabel('Manual trigger').check();
  await switches.getByRole('button', { name: 'Save entitlements' }).click();
  await expect(page.getByRole('status').getByText('Entitlements updated.')).toBeVisible();

  await tab('Plan & billing').click();
  const billing = page.getByRole('region', { name: 'Plan and billing' });
  await billing.getByLabel('Plan', { exact: true }).selectOption('Pro');
  await billing.getByLabel(/^Hourly rate \(USD\)/).fill('125.5');
  await billing.getByLabel(/^Days to pay an invoice/).fill('14');
  await billing.getByRole('button', { name: 'Save plan and billing' }).click();
  await expect(page.getByRole('status').getByText('Plan and billing updated.')).toBeVisible();
  await expect(billing.getByRole('definition').filter({ hasText: /^Pro$/ })).toBeVisible();

  await page.reload();
  await expect(tab('Plan & billing')).toHaveAttribute('aria-selected', 'true');
  await expect(billing.getByLabel(/^Hourly rate \(USD\)/)).toHaveValue('125.50');
  await expect(billing.getByLabel(/^Days to pay an invoice/)).toHaveValue('14');
  await expect(billing.getByLabel('Plan', { exact: true })).toHaveValue('Pro');
  await tab('Entitlements').click();
  await expect(switches.getByLabel('Analytics')).toBeChecked();
  await expect(switches.getByLabel('Manual trigger')).toBeChecked();
  // Pro gives team seats by default; the switch shows what the client gets, and why.
  await expect(switches.getByLabel('Team')).toBeChecked();
  await expect(switches.getByText('As the Pro plan gives').first()).toBeVisible();

  const saved = await request.get(`/api/admin/clients/${client.user._id}`, {
    headers: { authorization: `Bearer ${admin.token}` },
  });
  const user = await saved.json();
  expect(user.entitlements).toEqual({ analytics: true, manualTrigger: true });
  expect(user.billingPrefs.hourlyRateCents).toBe(12550);
  expect(user.subscription.plan).toBe('Pro');
});

test('the tabs keep what was typed, move with the arrow keys, and save one tab at a time', async ({
  page,
  request,
}) => {
  const [admin, client] = await Promise.all([
    loginAdmin(request),
    createClientAccount(request, 'Tabitha Tabs'),
  ]);
  await openSignedIn(page, admin, `/admin/clients/${client.user._id}`);
  const account = page.getByRole('region', { name: 'Account details' });
  await account.getByLabel('Name', { exact: true }).fill('Tabitha Renamed');

  // Arrow keys walk the tabs; the Account tab's unsaved name is still there on return.
  await page.getByRole('tab', { name: 'Account' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Plan & billing' })).toBeFocused();
  await page.keyboard.press('End');
  await expect(page.getByRole('tab', { name: 'Security' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByRole('region', { name: 'Allowed IPs' })).toBeVisible();
  await expect(account).toBeHidden();
  await page.keyboard.press('Home');
  await expect(account.getByLabel('Name', { exact: true })).toHaveValue('Tabitha Renamed');

  // Each tab's save sends its own fields only: the webhook key typed on Integrations is
  // not saved by the Account tab's button.
  await page.getByRole('tab', { name: 'Integrations' }).click();
  await page
    .getByRole('region', { name: 'Integrations' })
    .getByLabel('Webhook key')
    .fill('unsaved-key');
  await page.getByRole('tab', { name: 'Account' }).click();
  await account.getByLabel(/^Company name/).fill('Tabs & Co');
  await account.getByRole('button', { name: 'Save account' }).click();
  await expect(page.getByRole('status').getByText('Account details updated.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Tabitha Renamed' })).toBeVisible();

  const saved = await (
    await request.get(`/api/admin/clients/${client.user._id}`, {
      headers: { authorization: `Bearer ${admin.token}` },
    })
  ).json();
  expect(saved.name).toBe('Tabitha Renamed');
  expect(saved.companyName).toBe('Tabs & Co');
  expect(saved.integrationKeys?.n8nWebhookKey ?? null).toBeNull();
  await page.getByRole('tab', { name: 'Integrations' }).click();
  await expect(
    page.getByRole('region', { name: 'Integrations' }).getByLabel('Webhook key'),
  ).toHaveValue('unsaved-key');
});

test.describe('allowed IPs', () => {
  // The refused entry is a 400 answer, which the browser logs.
  test.use({ allowConsoleErrors: [/status of 400/] });

  test('are trimmed with empty entries dropped', async ({ page, request }) => {
    const [admin, client] = await Promise.all([
      loginAdmin(request),
      createClientAccount(request, 'Ivan Addresses'),
    ]);
    await openSignedIn(page, admin, `/admin/clients/${client.user._id}#security`);

    const card = page.getByRole('region', { name: 'Allowed IPs' });
    await expect(card.getByText('No IPs set')).toBeVisible();
    await card
      .getByRole('textbox', { name: 'Allowed IPs' })
      .fill('  203.0.113.7 , , 198.51.100.0/24 ,  ');
    await card.getByRole('button', { name: 'Save allowed IPs' }).click();
    await expect(page.getByRole('status').getByText('2 allowed IPs saved.')).toBeVisible();

    const list = card.getByRole('list', { name: 'Current allowed IPs' });
    await expect(list.getByRole('listitem')).toHaveText(['203.0.113.7', '198.51.100.0/24']);
    await page.reload();
    await expect(card.getByRole('textbox', { name: 'Allowed IPs' })).toHaveValue(
      '203.0.113.7, 198.51.100.0/24',
    );

    // A bad entry is refused with the server's reason under the field.
    await card.getByRole('textbox', { name: 'Allowed IPs' }).fill('203.0.113.7, not-an-ip');
    await card.getByRole('button', { name: 'Save allowed IPs' }).click();
    await expect(card.getByText('Not an IP address or CIDR range: not-an-ip')).toBeVisible();

    await page.goto('/admin/clients');
    const row = await clientRow(page, client.user.email);
    await expect(row).toHaveCount(1);
    await expect(row.getByText('No IPs set')).toHaveCount(0);
  });
});

test('company, integration key and password reset are saved', async ({ page, request }) => {
  const [admin, client] = await Promise.all([
    loginAdmin(request),
    createClientAccount(request, 'Kim Keys'),
  ]);
  await openSignedIn(page, admin, `/admin/clients/${client.user._id}`);

  const account = page.getByRole('region', { name: 'Account details' });
  await account.getByLabel(/^Company code/).fill('KIM-01');
  await account.getByRole('button', { name: 'Save account' }).click();
  await expect(page.getByRole('status').getByText('Account details updated.')).toBeVisible();

  await page.getByRole('tab', { name: 'Integrations' }).click();
  const key = page.getByRole('region', { name: 'Integrations' });
  await key.getByRole('button', { name: 'Generate' }).click();
  await expect(key.getByLabel('Webhook key')).toHaveValue(/^n8n_[A-Za-z0-9_-]{32}$/);
  await key.getByRole('button', { name: 'Save integrations' }).click();
  await expect(page.getByRole('status').getByText('Integrations updated.')).toBeVisible();

  await page.getByRole('tab', { name: 'Security' }).click();
  const reset = page.getByRole('region', { name: 'Reset password' });
  await reset.getByLabel('New password').fill('short');
  await reset.getByRole('button', { name: 'Reset password' }).click();
  await expect(reset.getByText('Password must be at least 8 characters')).toBeVisible();
  await reset.getByLabel('New password').fill('N3w-Passw0rd!');
  await reset.getByRole('button', { name: 'Reset password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset this password?' });
  await dialog.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByRole('status').getByText(/signed out everywhere/)).toBeVisible();

  const login = await request.post('/api/auth/login', {
    data: { email: client.user.email, password: 'N3w-Passw0rd!' },
  });
  expect(login.status()).toBe(200);
  await page.goto(`/admin/clients/${client.user._id}`);
  await expect(account.getByLabel(/^Company code/)).toHaveValue('KIM-01');
});

test.describe('billing portal and CRM actions', () => {
  // The refusals below are staged at the network edge and logged by the browser.
  test.use({ allowConsoleErrors: [/status of 5\d\d|net::ERR_FAILED/] });

  test('the billing portal opens in a new tab, or the notice says why not', async ({
    page,
    request,
    baseURL,
  }) => {
    const [admin, client] = await Promise.all([
      loginAdmin(request),
      createClientAccount(request, 'Bill Portal'),
    ]);
    await openSignedIn(page, admin, `/admin/clients/${client.user._id}#billing`);
    const portalCall = `**/api/admin/billing/${client.user._id}/billing-portal`;

    await page.route(portalCall, (route) =>
      route.fulfill({ json: { url: `${baseURL}/terms?portal=1` } }),
    );
    const [tab] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('button', { name: /Open billing portal/ }).click(),
    ]);
    await expect(tab).toHaveURL(/\/terms\?portal=1$/);
    expect(await tab.evaluate(() => window.opener)).toBeNull();
    await tab.close();

    await page.unroute(portalCall);
    await page.route(portalCall, (route) =>
      route.fulfill({ status: 503, json: { message: 'Billing is offline.' } }),
    );
    const [failed] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('button', { name: /Open billing portal/ }).click(),
    ]);
    await expect(page.getByRole('status')).toContainText('Failed');
    await expect(page.getByRole('status')).toContainText('503: Billing is offline.');
    await expect.poll(() => failed.isClosed()).toBe(true);
  });

  test('CRM actions report their result', async ({ page, request }) => {
    const [admin, client] = await Promise.all([
      loginAdmin(request),
      createClientAccount(request, 'Cora Crm'),
    ]);
    // The ids and actions are Zoho's: shown as a server billing with Zoho shows them.
    await page.route('**/api/admin/billing-provider', (route) =>
      route.fulfill({ json: { provider: 'zoho' } }),
    );
    await openSignedIn(page, admin, `/admin/clients/${client.user._id}#integrations`);
    const crm = page.getByRole('region', { name: 'Integrations' });

    await page.route('**/api/zoho/create-contact/*', (route) =>
      route.fulfill({ json: { contactId: 'C-42' } }),
    );
    await crm.getByRole('button', { name: 'Create contact' }).click();
    await expect(page.getByRole('status')).toContainText('Contact ID C-42.');

    await page.route('**/api/zoho/provision/*', (route) =>
      route.fulfill({ status: 502, body: 'upstream down' }),
    );
    await crm.getByRole('button', { name: 'Provision' }).click();
    await expect(page.getByRole('status')).toContainText('Error');
    await expect(page.getByRole('status')).toContainText('502: upstream down');

    await page.route('**/api/zoho/sync-status/*', (route) => route.abort('failed'));
    await crm.getByRole('button', { name: 'Sync status' }).click();
    await expect(page.getByRole('status')).toContainText('Sync failed');

    // Saved ids turn into deep links.
    await crm.getByLabel(/^Books contact ID/).fill('BK-7');
    await crm.getByRole('button', { name: 'Save integrations' }).click();
    await expect(crm.getByRole('link', { name: /Books/ })).toHaveAttribute(
      'href',
      /books\.zoho\.com\/app#\/contacts\/BK-7$/,
    );
    await expect(crm.getByRole('link', { name: /Books/ })).toHaveAttribute('target', '_blank');
  });
});

test('the list searches every account on the server, leaves admins out unless asked, shows plan and last activity', async ({
  page,
  request,
}) => {
  const [admin, client] = await Promise.all([
    loginAdmin(request),
    createClientAccount(request, 'Paige Findable'),
  ]);
  await openSignedIn(page, admin, '/admin/clients');
  await page.getByLabel('Search clients').fill(client.user.email);
  await expect(page.getByText('1 account match')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: client.user.email })).toBeVisible();

  // Plan and last activity beside each account: this one signed up and signed in today.
  const row = page.getByRole('row').filter({ hasText: client.user.email });
  await expect(row.getByRole('cell').nth(2)).toHaveText('None yet');
  await expect(row.getByRole('cell').nth(4)).toHaveText('Today');

  // Admins are not clients: listed only when asked for.
  await page.getByLabel('Search clients').fill('');
  await expect(page.getByRole('row').filter({ hasText: 'Administrator' })).toHaveCount(0);
  await page.getByLabel('Show').selectOption({ label: 'Admins' });
  await expect(page.getByRole('row').filter({ hasText: 'Administrator' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: client.user.email })).toHaveCount(0);
  await page.getByLabel('Order').selectOption('name');
  await expect(page.getByRole('row').filter({ hasText: 'Administrator' })).toBeVisible();
});
