import { catalogMessages } from '#shared/catalog.ts';
import { createClientAccount, expect, openSignedIn, test } from './fixtures.ts';
import { clientOnPlan } from './team-helpers.ts';

// The workflow catalog (SPEC §2 Catalog, §6): the Basic gate, templates with search,
// Request Access, and the request on the admin's client page.

test('without catalog access the Catalog page says a Basic plan is needed and links to billing', async ({
  page,
  request,
}) => {
  const trial = await createClientAccount(request, 'Cody Catalogless');
  await openSignedIn(page, trial, '/catalog');
  await expect(page.getByRole('heading', { level: 1, name: 'Catalog' })).toBeVisible();
  await expect(page.getByText(catalogMessages.notEnabled, { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Request Access' })).toHaveCount(0);

  await page.getByRole('link', { name: 'Upgrade your plan' }).click();
  await expect(page).toHaveURL('/billing');
});

test('a Basic client finds a template, requests access, and the admin sees the request', async ({
  page,
  request,
}) => {
  const { admin, client } = await clientOnPlan(request, 'Basic', 'Bailey Basic');
  await openSignedIn(page, client, '/catalog');

  const cards = page.getByRole('article');
  await expect(cards.first()).toBeVisible();
  const total = await cards.count();
  expect(total).toBeGreaterThan(1);

  // Search by tag narrows the cards; a search with no match offers to clear it.
  const search = page.getByRole('searchbox', { name: 'Search templates' });
  await search.fill('FINANCE');
  await expect(page.getByText(new RegExp(`^Showing \\d+ of ${total} templates$`))).toBeVisible();
  const financeCount = await cards.count();
  expect(financeCount).toBeGreaterThan(0);
  expect(financeCount).toBeLessThan(total);
  for (const tags of await cards.getByRole('list', { name: 'Tags' }).all()) {
    await expect(tags).toContainText('finance');
  }
  await search.fill('no template is called this');
  await expect(page.getByText('No templates match “no template is called this”.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(cards).toHaveCount(total);

  // Search by name, then request access.
  await search.fill('overdue invoice');
  const card = page.getByRole('article', { name: 'Overdue invoice reminders' });
  await expect(cards).toHaveCount(1);
  await expect(card.getByRole('list', { name: 'Tags' }).getByText('finance')).toBeVisible();
  await card.getByRole('button', { name: 'Request Access' }).click();
  await expect(page.getByRole('status').getByText('Requested', { exact: true })).toBeVisible();
  const done = card.getByRole('button', { name: 'Requested' });
  await expect(done).toBeDisabled();
  await expect(card.getByText('Pending')).toBeVisible();

  // Still requested after a reload: the status comes from the server.
  await page.reload();
  const reloaded = page.getByRole('article', { name: 'Overdue invoice reminders' });
  await expect(reloaded.getByRole('button', { name: 'Requested' })).toBeDisabled();
  await expect(
    page.getByRole('article', { name: 'Daily sales digest' }).getByRole('button', {
      name: 'Request Access',
    }),
  ).toBeEnabled();

  // The admin sees it on the client's page.
  await page.evaluate(() => localStorage.clear());
  await openSignedIn(page, admin, `/admin/clients/${client.user._id}#entitlements`);
  const requests = page.getByRole('region', { name: 'Catalog requests' });
  const item = requests.getByRole('listitem').filter({ hasText: 'Overdue invoice reminders' });
  await expect(item).toBeVisible();
  await expect(item.getByText('Requested', { exact: true })).toBeVisible();
  await expect(item).toContainText('by Bailey Basic');
  await expect(requests.getByRole('listitem')).toHaveCount(1);
});

test('the admin’s client page says when there are no catalog requests', async ({
  page,
  request,
}) => {
  const { admin, client } = await clientOnPlan(request, 'Basic', 'Nina Norequests');
  await openSignedIn(page, admin, `/admin/clients/${client.user._id}`);
  await page.getByRole('tab', { name: 'Entitlements' }).click();
  await expect(
    page.getByRole('region', { name: 'Catalog requests' }).getByText('No catalog requests yet.'),
  ).toBeVisible();
});

test('an admin approves a request into a working process and declines another with a reason', async ({
  page,
  browser,
  request,
}) => {
  const { admin, client } = await clientOnPlan(request, 'Basic', 'Quinn Queue');
  const auth = { authorization: `Bearer ${client.token}` };
  const templates = (await (
    await request.get('/api/catalog/templates', { headers: auth })
  ).json()) as {
    _id: string;
    name: string;
  }[];
  const [wanted, other] = [
    templates.find((t) => t.name === 'Overdue invoice reminders'),
    templates.find((t) => t.name === 'Daily sales digest'),
  ];
  for (const template of [wanted, other]) {
    const asked = await request.post(`/api/catalog/request-access/${template?._id}`, {
      headers: auth,
    });
    expect(asked.status()).toBe(201);
  }

  await openSignedIn(page, admin, '/admin/catalog-requests');
  const queue = page.getByRole('list', { name: 'Catalog requests' });
  await queue
    .getByRole('button', {
      name: 'Approve Overdue invoice reminders for Quinn Queue (Acme Test Co)',
    })
    .click();
  const approve = page.getByRole('dialog', { name: 'Approve "Overdue invoice reminders"' });
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(
    approve.getByText("Enter the workflow's webhook URL to create the process."),
  ).toBeVisible();
  await approve
    .getByLabel('Webhook URL of the workflow')
    .fill('https://n8n.example.com/webhook/overdue');
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(
    page.getByRole('status').getByText(/the process is ready in their portal/),
  ).toBeVisible();
  const mine = queue.getByRole('listitem').filter({ hasText: 'Quinn Queue' });
  await expect(mine.filter({ hasText: 'Overdue invoice reminders' })).toHaveCount(0);
  await expect(mine.filter({ hasText: 'Daily sales digest' })).toHaveCount(1);

  // Declined from the client's own page, with the reason the client reads.
  await page.goto(`/admin/clients/${client.user._id}#entitlements`);
  const card = page.getByRole('region', { name: 'Catalog requests' });
  await card.getByRole('button', { name: 'Decline Daily sales digest' }).click();
  const decline = page.getByRole('dialog', { name: 'Decline "Daily sales digest"' });
  await decline.getByLabel('Reason').fill('We need your sales system first; let us talk.');
  await decline.getByRole('button', { name: 'Decline' }).click();
  await expect(
    card.getByText('Reason: We need your sales system first; let us talk.'),
  ).toBeVisible();

  const clientPage = await browser.newPage();
  await openSignedIn(clientPage, client, '/catalog');
  await expect(
    clientPage.getByRole('article', { name: 'Overdue invoice reminders' }).getByText('Approved'),
  ).toBeVisible();
  const declined = clientPage.getByRole('article', { name: 'Daily sales digest' });
  await expect(declined.getByText('We need your sales system first; let us talk.')).toBeVisible();
  await clientPage.goto('/client/processes');
  await expect(
    clientPage.getByRole('listitem', { name: 'Overdue invoice reminders' }),
  ).toBeVisible();
  await clientPage.close();
});
