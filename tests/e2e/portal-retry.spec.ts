import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, openSignedIn, test } from './fixtures.ts';
import { notice, portalClient, processName } from './portal-helpers.ts';

// Run again: a failed run is run again from the run history in one click, with the same
// inputs, and the history shows which run ran which again.

// The first run's 502 is logged by the browser.
test.use({ allowConsoleErrors: [/status of 502/] });

/** A workflow that fails on its first call and succeeds after, as one fixed in n8n would. */
const calls: { path: string; body: string }[] = [];
const flaky = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk) => {
    body += chunk;
  });
  request.on('end', () => {
    calls.push({ path: request.url ?? '', body });
    const first = calls.filter((call) => call.path === request.url).length === 1;
    response.writeHead(first ? 500 : 200, { 'content-type': 'text/plain' });
    response.end(first ? 'the CRM was down' : 'synced 12 contacts');
  });
});

test.beforeAll(() => new Promise<void>((resolve) => flaky.listen(0, '127.0.0.1', resolve)));
test.afterAll(() => new Promise<void>((resolve) => flaky.close(() => resolve())));

test('a failed run is run again in one click, with its inputs, and the pair shows', async ({
  page,
  request,
}) => {
  const { client, addProcess } = await portalClient(request, {
    name: 'Rita Retry',
    entitlements: { manualTrigger: true },
  });
  const name = processName('Contact sync');
  const port = (flaky.address() as AddressInfo).port;
  const path = `/sync/${Date.now()}`;
  await addProcess({
    name,
    n8nWebhookUrl: `http://127.0.0.1:${port}${path}`,
    inputFields: [{ name: 'list', label: 'List', type: 'text', required: true }],
  });
  await openSignedIn(page, client, '/client/processes');
  const item = page.getByRole('listitem', { name });
  await item.getByRole('button', { name: 'Run workflow' }).click();
  const dialog = page.getByRole('dialog', { name: `Run ${name}` });
  await dialog.getByLabel('List').fill('Newsletter');
  await dialog.getByRole('button', { name: 'Run workflow' }).click();
  await expect(notice(page)).toContainText('the CRM was down');

  await item.getByRole('button', { name: 'Recent runs' }).click();
  const history = page.getByRole('dialog', { name: `Recent runs: ${name}` });
  // The runs themselves, not the lines of each one's inputs.
  const runs = history.getByRole('list', { name: 'Runs' }).locator(':scope > li');
  await expect(runs).toHaveCount(1);
  await runs.first().getByRole('button', { name: 'Run again' }).click();
  await expect(notice(page)).toContainText('The workflow ran successfully this time.');

  await expect(runs).toHaveCount(2);
  const [retried, failed] = [runs.nth(0), runs.nth(1)];
  await expect(retried).toContainText('Retry of the run of');
  await expect(retried.getByRole('list', { name: 'Inputs' })).toContainText('List: Newsletter');
  await expect(failed).toContainText('Retried on');
  // A run that succeeded has nothing to run again; the failed one could be run once more.
  await expect(retried.getByRole('button', { name: 'Run again' })).toHaveCount(0);
  await expect(failed.getByRole('button', { name: 'Run again' })).toBeVisible();

  const sent = calls.filter((call) => call.path === path).map((call) => JSON.parse(call.body));
  expect(sent).toHaveLength(2);
  expect(sent[1].inputs).toEqual({ list: 'Newsletter' });
  expect(sent[1].retryOf).toBe(sent[0].runId);
  expect(sent[1].runId).not.toBe(sent[0].runId);
});
