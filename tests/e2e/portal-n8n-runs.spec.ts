import { e2eN8nUrl } from '../support/e2e-n8n.ts';
import { expect, openSignedIn, test } from './fixtures.ts';
import { notice, portalClient, processName } from './portal-helpers.ts';

// Runs as n8n users run them, against the fake n8n the browser tests' server
// follows up through its public API: a Run dialog for inputs (checked on the page and by
// the server), a question before running again within seconds, "respond immediately"
// workflows shown as n8n recorded them, and n8n's 404 in plain words; a file answered, a
// Wait that n8n parks and a failing last node, each as n8n recorded it.

const n8n = (path: string) => `${e2eN8nUrl()}${path}`;

// Refused inputs (400) and a workflow n8n does not know (502) are logged by the browser.
test.use({ allowConsoleErrors: [/status of (502|400)/] });

test('a process with inputs asks for them, the server checks them, the history shows them', async ({
  page,
  request,
}) => {
  const { client, addProcess } = await portalClient(request, {
    name: 'Ines Inputs',
    entitlements: { manualTrigger: true },
  });
  const name = processName('Regional report');
  await addProcess({
    name,
    n8nWebhookUrl: n8n('/ok/report'),
    inputFields: [
      { name: 'region', label: 'Region', type: 'select', required: true, options: ['EU', 'US'] },
      { name: 'count', label: 'How many', type: 'number', defaultValue: '5' },
    ],
  });
  await openSignedIn(page, client, '/client/processes');
  const item = page.getByRole('listitem', { name });
  await item.getByRole('button', { name: 'Run workflow' }).click();

  const dialog = page.getByRole('dialog', { name: `Run ${name}` });
  await expect(dialog.getByLabel('How many')).toHaveValue('5');
  // Checked on the page first: nothing is sent without the required value.
  await dialog.getByRole('button', { name: 'Run workflow' }).click();
  await expect(dialog.getByText('Region is required.')).toBeVisible();

  // The server checks again with the same schema, and its word lands on the field.
  await page.route('**/api/n8n/trigger/*', (route) =>
    route.continue({ postData: JSON.stringify({ inputs: { region: 'Mars', count: 5 } }) }),
  );
  await dialog.getByLabel('Region', { exact: true }).selectOption('EU');
  await dialog.getByRole('button', { name: 'Run workflow' }).click();
  await expect(dialog.getByText('Region must be one of the listed options.')).toBeVisible();
  await expect(dialog.getByLabel('Region', { exact: true })).toBeFocused();
  await page.unroute('**/api/n8n/trigger/*');

  await dialog.getByLabel('How many').fill('12');
  await dialog.getByRole('button', { name: 'Run workflow' }).click();
  await expect(dialog).toBeHidden();
  await expect(notice(page)).toContainText('Triggered');
  await expect(notice(page)).toContainText('Status 200');

  await item.getByRole('button', { name: 'Recent runs' }).click();
  const runs = page.getByRole('dialog', { name: `Recent runs: ${name}` }).getByRole('listitem');
  const inputs = runs.first().getByRole('list', { name: 'Inputs' });
  await expect(inputs).toContainText('Region: EU');
  await expect(inputs).toContainText('How many: 12');
});

test('pressing Run again within seconds asks first', async ({ page, request }) => {
  const { client, addProcess } = await portalClient(request, {
    entitlements: { manualTrigger: true },
  });
  const name = processName('Invoice sync');
  await addProcess({ name, n8nWebhookUrl: n8n('/ok/invoices') });
  await openSignedIn(page, client, '/client/processes');
  const item = page.getByRole('listitem', { name });
  const run = item.getByRole('button', { name: 'Run workflow' });

  await run.click();
  await expect(item.getByText(/^Ran successfully in /)).toBeVisible();
  await run.click();
  const confirm = page.getByRole('dialog', { name: 'Run it again?' });
  await expect(confirm).toContainText(`${name} was started`);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();

  await run.click();
  await confirm.getByRole('button', { name: 'Run again' }).click();
  await expect(confirm).toBeHidden();
  await item.getByRole('button', { name: 'Recent runs' }).click();
  const runs = page.getByRole('dialog', { name: `Recent runs: ${name}` }).getByRole('listitem');
  await expect(runs).toHaveCount(2);
});

test("n8n's 404 for an inactive workflow is explained in plain words", async ({
  page,
  request,
}) => {
  const { client, addProcess } = await portalClient(request, {
    entitlements: { manualTrigger: true },
  });
  const name = processName('Switched off');
  await addProcess({ name, n8nWebhookUrl: n8n('/webhook/unregistered-leads') });
  await openSignedIn(page, client, '/client/processes');
  const item = page.getByRole('listitem', { name });
  await item.getByRole('button', { name: 'Run workflow' }).click();
  await expect(notice(page)).toContainText('Status 502: The workflow answered 404');
  await item.getByRole('button', { name: 'Recent runs' }).click();
  const run = page.getByRole('dialog', { name: `Recent runs: ${name}` }).getByRole('listitem');
  await expect(run).toContainText('No workflow answers at its address');
  await expect(run).toContainText('n8n has no active workflow at this address');
  // n8n's stack trace names files on its server: never shown.
  await expect(run).not.toContainText('/usr/local/lib');
});

test('respond-immediately workflows show what n8n recorded', async ({ page, request }) => {
  const { client, addProcess } = await portalClient(request, {
    entitlements: { manualTrigger: true },
  });
  const followed = processName('Nightly import');
  const untracked = processName('Fire and forget');
  await addProcess({
    name: followed,
    n8nWorkflowId: `wf_${Date.now().toString(36)}`,
    n8nWebhookUrl: n8n('/immediate/error/import'),
  });
  // No workflow id: n8n's record cannot be looked up, so the run says only "accepted".
  await addProcess({ name: untracked, n8nWebhookUrl: n8n('/immediate/success/forget') });
  await openSignedIn(page, client, '/client/processes');

  const item = page.getByRole('listitem', { name: followed });
  await item.getByRole('button', { name: 'Run workflow' }).click();
  await expect(notice(page)).toContainText('Status 202: n8n started the workflow.');
  await expect(item.getByText('Started in n8n, waiting for its result')).toBeVisible();
  await item.getByRole('button', { name: 'Recent runs' }).click();
  const history = page.getByRole('dialog', { name: `Recent runs: ${followed}` });
  const run = history.getByRole('listitem').first();
  // The open history asks again until n8n's execution record says how it ended: the server
  // reads the record every second (N8N_FOLLOW_UP_SECONDS) and the dialog asks every 5 s.
  await expect(run).toContainText('Failed in n8n', { timeout: 20_000 });
  await expect(run).toContainText('Confirmed by n8n');
  await expect(run).toContainText('n8n: The fake was told to fail');
  await history.getByRole('button', { name: 'Close' }).click();

  const other = page.getByRole('listitem', { name: untracked });
  await other.getByRole('button', { name: 'Run workflow' }).click();
  await expect(notice(page)).toContainText('Status 202: n8n accepted the run');
  await expect(other.getByText('Accepted by n8n')).toBeVisible();
});

test('a file, a parked Wait and a failing last node read as n8n recorded them', async ({
  page,
  request,
}) => {
  const { client, addProcess } = await portalClient(request, {
    entitlements: { manualTrigger: true },
  });
  const workflow = (name: string) => `wf_${name}_${Date.now().toString(36)}`;
  const file = processName('Invoice PDF');
  const parked = processName('Reminder after a wait');
  const failing = processName('Create invoice');
  await addProcess({
    name: file,
    n8nWorkflowId: workflow('pdf'),
    n8nWebhookUrl: n8n('/binary/pdf'),
  });
  await addProcess({
    name: parked,
    n8nWorkflowId: workflow('wait'),
    n8nWebhookUrl: n8n('/parked/error/reminder'),
  });
  await addProcess({
    name: failing,
    n8nWorkflowId: workflow('node'),
    n8nWebhookUrl: n8n('/node-error/invoice'),
  });
  await openSignedIn(page, client, '/client/processes');
  const history = async (name: string) => {
    await page.getByRole('listitem', { name }).getByRole('button', { name: 'Recent runs' }).click();
    return page.getByRole('dialog', { name: `Recent runs: ${name}` });
  };
  const run = (name: string) =>
    page.getByRole('listitem', { name }).getByRole('button', { name: 'Run workflow' }).click();

  await run(file);
  await expect(notice(page)).toContainText('Status 200: The workflow answered a file');
  const fileRuns = await history(file);
  await expect(fileRuns.getByRole('listitem').first()).toContainText('Succeeded in n8n');
  await expect(fileRuns).toContainText('The workflow answered a file: application/pdf, 11.7 KB.');
  await fileRuns.getByRole('button', { name: 'Close' }).click();

  await run(failing);
  await expect(notice(page)).toContainText(
    'Status 502: The workflow failed: Bad request - please check your parameters',
  );
  const failed = (await history(failing)).getByRole('listitem').first();
  await expect(failed).toContainText('Failed in n8n');
  await expect(failed).toContainText(
    "n8n: Bad request - please check your parameters: Invalid email address: 'not-an-email'",
  );
  await expect(failed).not.toContainText('Error in workflow');
  await page.getByRole('button', { name: 'Close' }).click();

  await run(parked);
  await expect(notice(page)).toContainText('Status 202: n8n started the workflow.');
  const waited = (await history(parked)).getByRole('listitem').first();
  // n8n ends the parked execution a second later; the server asks every second, the dialog
  // every 5 s.
  await expect(waited).toContainText('Failed in n8n', { timeout: 20_000 });
  await expect(waited).toContainText(
    'n8n: The resource you are requesting could not be found: No contact with id 4711',
  );
});
