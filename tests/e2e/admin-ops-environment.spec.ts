import type { BackgroundJobs } from '#shared/background-jobs.ts';
import {
  type CheckKey,
  checkState,
  checkStateText,
  type EnvironmentChecks,
} from '#shared/environment.ts';
import { adminGet, firstPaint } from './admin-ops-helpers.ts';
import { expect, loginAdmin, openSignedIn, test } from './fixtures.ts';

// Admin environment checks (SPEC §2, §3): four groups, a tick or cross with Pass/Fail in
// words for every check (a grey dash and "Not configured" for an optional integration left
// unset, which is no failure), details on demand, a summary, and Re-run checks; then the
// background jobs of the server, each with its state, last success and last failure.

const groups: Record<string, CheckKey[]> = {
  Database: ['mongo', 'mongoUriPresent'],
  'Card payment provider': ['stripe', 'stripeWebhook'],
  'Workflow engine': ['n8nApiUrl', 'n8nApiKey', 'n8nRailwayUrl'],
  App: ['emailUser', 'emailPassword', 'jwtSecret', 'frontendUrl'],
};

/**
 * What the test server (scripts/e2e-server.mjs) leaves unset, as a default install does: no
 * PostgreSQL, no Stripe, no n8n hosting address, and a local mail catcher that asks nobody
 * to sign in, so no SMTP password.
 */
const unsetHere: CheckKey[] = [
  'mongoUriPresent',
  'stripe',
  'stripeWebhook',
  'n8nRailwayUrl',
  'emailPassword',
];

test('groups the checks, says which pass and which are not configured, expands details and runs them again', async ({
  page,
  request,
}) => {
  const admin = await loginAdmin(request);
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/environment/checks'));
  await openSignedIn(page, admin, '/admin/environment');
  const checks = (await (await answer).json()) as EnvironmentChecks;
  const states = Object.values(checks).map(checkState);
  // The test server is a default install plus mail and n8n: nothing it leaves unset fails.
  expect(states).not.toContain('fail');
  for (const key of unsetHere) expect(checkState(checks[key]), key).toBe('notConfigured');
  const passing = states.filter((state) => state === 'pass').length;
  await expect(
    page.getByText(`No failures: ${passing} pass, ${unsetHere.length} not configured`),
  ).toBeVisible(firstPaint);
  await expect(page.getByText(/^Fail$/)).toHaveCount(0);

  for (const [title, keys] of Object.entries(groups)) {
    const group = page.getByRole('region', { name: title });
    await expect(group.getByRole('heading', { level: 2, name: title })).toBeVisible();
    const items = group.getByRole('listitem');
    await expect(items).toHaveCount(keys.length);
    for (const [index, key] of keys.entries()) {
      const words = checkStateText[checkState(checks[key])];
      await expect(items.nth(index).locator('summary')).toHaveText(new RegExp(`${words}$`));
    }
    const unset = keys.filter((key) => unsetHere.includes(key)).length;
    const set = keys.length - unset;
    const count =
      set === 0
        ? 'Not configured'
        : `${set} of ${set} pass${unset ? `, ${unset} not configured` : ''}`;
    // The count beside the group's heading.
    await expect(group.locator('h2 + span')).toHaveText(count);
  }

  // The embedded database answers; its details are hidden until asked for.
  const database = page.getByRole('region', { name: 'Database' });
  const dbDetails = database.getByText(checks.mongo?.details ?? 'missing');
  await expect(dbDetails).toBeHidden();
  await database.getByText('Database answers a query').click();
  await expect(dbDetails).toBeVisible();
  await expect(dbDetails).toContainText('answered a query');
  // DATABASE_URL is not set for the browser tests: the embedded database is a choice, so
  // it reads "Not configured" in grey, with the reason.
  const uri = database.getByRole('listitem').filter({ hasText: 'DATABASE_URL' });
  await expect(uri.locator('summary')).toHaveText(/Not configured$/);
  await expect(uri.getByText('Not configured', { exact: true })).toHaveClass(/text-slate-600/);
  await uri.locator('summary').press('Enter');
  await expect(uri.getByText(/DATABASE_URL is not set/)).toBeVisible();
  await uri.locator('summary').press('Enter');
  await expect(uri.getByText(/DATABASE_URL is not set/)).toBeHidden();
  await expect(
    page.getByRole('region', { name: 'Card payment provider' }).getByText('Not configured', {
      exact: true,
    }),
  ).toHaveCount(3);

  // Re-run checks asks the server again.
  const again = page.waitForResponse((r) => r.url().endsWith('/api/environment/checks'));
  await page.getByRole('button', { name: 'Re-run checks' }).click();
  await again;
  await expect(page.getByRole('button', { name: 'Re-run checks' })).toBeEnabled();
  expect(
    Object.keys(await adminGet<EnvironmentChecks>(request, admin, '/api/environment/checks')),
  ).toHaveLength(11);
});

test('lists the background jobs with their state, last success and last failure', async ({
  page,
  request,
}) => {
  const admin = await loginAdmin(request);
  await openSignedIn(page, admin, '/admin/environment');
  const section = page.getByRole('region', { name: 'Background jobs' });
  await expect(section.getByRole('heading', { level: 2 })).toBeVisible(firstPaint);
  // The test server runs every job: mail (SMTP is set), the n8n follow-up (its API is
  // set), local billing, service reports, alerts and backups of the embedded database.
  const expected = [
    'Scheduled runs',
    'Mail outbox',
    'Run notices and daily summaries',
    'Webhook notices tried again',
    'Runs followed up in n8n',
    'Runs left running by a stopped server',
    'Billing cycle (renewals, past due, trials)',
    'Retention cleanup',
    'Monthly service reports',
    'Alerts to the consultancy',
    'Backup of the embedded database',
  ];
  const items = section.getByRole('list', { name: 'Background jobs' }).getByRole('listitem');
  await expect(items).toHaveCount(expected.length);
  await expect(section.getByText(`${expected.length} jobs, none failing`)).toBeVisible();
  await expect(section.getByText(/^What this server does on its own/)).toContainText('(process ');

  const job = (title: string) => items.filter({ has: page.getByRole('heading', { name: title }) });
  /** What a job's row says under `term` ("Last success"). */
  const fact = (title: string, term: string) =>
    job(title)
      .locator('div')
      .filter({ has: page.getByRole('term').getByText(term, { exact: true }) })
      .getByRole('definition');
  for (const title of expected) await expect(job(title)).toHaveCount(1);
  // The scheduler claims every second and retention ran at start: both have worked, and
  // neither has failed (the scheduler may be caught in the middle of a claim).
  for (const title of ['Scheduled runs', 'Retention cleanup']) {
    await expect(job(title).getByText(/^(Working|Running)$/)).toBeVisible();
    await expect(fact(title, 'Last success')).not.toHaveText('None since start');
    await expect(fact(title, 'Last failure')).toHaveText('None since start');
  }
  await expect(fact('Scheduled runs', 'Runs')).toHaveText('every second');
  await expect(fact('Retention cleanup', 'Runs')).toHaveText('every day, one instance at a time');
  await expect(fact('Backup of the embedded database', 'Runs')).toHaveText('cron 0 3 * * * (UTC)');

  // What the screen shows is what the server answers.
  const answer = await adminGet<BackgroundJobs>(request, admin, '/api/environment/jobs');
  expect(answer.jobs.map((j) => j.title)).toEqual(expected);
  expect(answer.jobs.filter((j) => j.failures > 0)).toEqual([]);
});
