import type { CheckKey, EnvironmentChecks } from '#shared/environment.ts';
import { adminGet, firstPaint } from './admin-ops-helpers.ts';
import { expect, loginAdmin, openSignedIn, test } from './fixtures.ts';

// Admin environment checks (SPEC §2, §3): four groups, a tick or cross with Pass/Fail in
// words for every check, details on demand, a summary, and Re-run checks.

const groups: Record<string, CheckKey[]> = {
  Database: ['mongo', 'mongoUriPresent'],
  'Card payment provider': ['stripe', 'stripeWebhook'],
  'Workflow engine': ['n8nApiUrl', 'n8nApiKey', 'n8nRailwayUrl'],
  App: ['emailUser', 'emailPassword', 'jwtSecret', 'frontendUrl'],
};

test('groups the checks, says which pass, expands details and runs them again', async ({
  page,
  request,
}) => {
  const admin = await loginAdmin(request);
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/environment/checks'));
  await openSignedIn(page, admin, '/admin/environment');
  const checks = (await (await answer).json()) as EnvironmentChecks;
  const passing = Object.values(checks).filter((c) => c.ok).length;
  await expect(page.getByText(`${passing} of 11 checks pass`)).toBeVisible(firstPaint);

  for (const [title, keys] of Object.entries(groups)) {
    const group = page.getByRole('region', { name: title });
    await expect(group.getByRole('heading', { level: 2, name: title })).toBeVisible();
    const items = group.getByRole('listitem');
    await expect(items).toHaveCount(keys.length);
    const expected = keys.map((key) => (checks[key]?.ok ? /Pass$/ : /Fail$/));
    for (const [index, pattern] of expected.entries()) {
      await expect(items.nth(index).locator('summary')).toHaveText(pattern);
    }
    const groupPassing = keys.filter((key) => checks[key]?.ok).length;
    await expect(group.getByText(`${groupPassing} of ${keys.length} pass`)).toBeVisible();
  }

  // The embedded database answers; its details are hidden until asked for.
  const database = page.getByRole('region', { name: 'Database' });
  const dbDetails = database.getByText(checks.mongo?.details ?? 'missing');
  await expect(dbDetails).toBeHidden();
  await database.getByText('Database answers a query').click();
  await expect(dbDetails).toBeVisible();
  await expect(dbDetails).toContainText('answered a query');
  // DATABASE_URL is not set for the browser tests: a cross with the reason.
  const uri = database.getByRole('listitem').filter({ hasText: 'DATABASE_URL' });
  await expect(uri.locator('summary')).toHaveText(/Fail$/);
  await uri.locator('summary').press('Enter');
  await expect(uri.getByText(/DATABASE_URL is not set/)).toBeVisible();
  await uri.locator('summary').press('Enter');
  await expect(uri.getByText(/DATABASE_URL is not set/)).toBeHidden();

  // Re-run checks asks the server again.
  const again = page.waitForResponse((r) => r.url().endsWith('/api/environment/checks'));
  await page.getByRole('button', { name: 'Re-run checks' }).click();
  await again;
  await expect(page.getByRole('button', { name: 'Re-run checks' })).toBeEnabled();
  expect(
    Object.keys(await adminGet<EnvironmentChecks>(request, admin, '/api/environment/checks')),
  ).toHaveLength(11);
});
