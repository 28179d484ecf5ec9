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
  await openSignedIn(page, admin, `/admin/clients/${client.user._id}`);
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
  await expect(
    page.getByRole('region', { name: 'Catalog requests' }).getByText('No catalog requests yet.'),
  ).toBeVisible();
});
