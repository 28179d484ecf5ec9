import { pdfText } from '#test/support/pdf-text.ts';
import { downloadFrom } from './admin-tools-helpers.ts';
import { expect, openSignedIn, test } from './fixtures.ts';
import { portalClient, processName, startWebhook, type Webhook } from './portal-helpers.ts';

// The monthly service report (docs/decisions/029-operations-console.md): an admin
// downloads a client's PDF from the client's page, and the client downloads theirs from
// the portal home. A client opened today has only this month so far, which the picker
// offers first.

let webhook: Webhook;
test.beforeAll(async () => {
  webhook = await startWebhook();
});
test.afterAll(() => webhook.close());

const thisMonth = () => new Date().toISOString().slice(0, 7);

async function clientWithRuns(request: Parameters<typeof portalClient>[0]) {
  const made = await portalClient(request, { entitlements: { manualTrigger: true } });
  const name = processName('Nightly ledger sync');
  const process = await made.addProcess({ name, n8nWebhookUrl: webhook.url('/ok/sync') });
  for (let i = 0; i < 2; i += 1) {
    const run = await request.post(`/api/n8n/trigger/${process._id}`, {
      headers: { authorization: `Bearer ${made.client.token}`, 'content-type': 'application/json' },
    });
    expect(run.status(), await run.text()).toBe(200);
  }
  return { ...made, name };
}

test('an admin downloads a client’s service report for a month', async ({ page, request }) => {
  const { admin, client, name } = await clientWithRuns(request);
  await openSignedIn(page, admin, `/admin/clients/${client.user._id}`);
  const card = page.getByRole('region', { name: 'Service report' });
  await expect(card).toBeVisible();
  await card.getByLabel('Month').selectOption(thisMonth());
  const file = await downloadFrom(page, () =>
    card.getByRole('button', { name: 'Download PDF' }).click(),
  );
  expect(file.name).toBe(`service-report-acme-test-co-${thisMonth()}.pdf`);
  expect(file.bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const text = pdfText(file.bytes);
  expect(text).toContain(name);
  expect(text).toContain('100.0%');
});

test('a client downloads their service report from the portal', async ({ page, request }) => {
  const { client, name } = await clientWithRuns(request);
  await openSignedIn(page, client, '/client');
  const card = page.getByRole('region', { name: 'Service reports' });
  const month = card.getByLabel('Month');
  await expect(month).toHaveValue(thisMonth());
  await expect(month.locator('option').first()).toHaveText(/\(so far\)$/);
  const file = await downloadFrom(page, () =>
    card.getByRole('button', { name: 'Download PDF' }).click(),
  );
  expect(file.name).toMatch(new RegExp(`^service-report-.+-${thisMonth()}\\.pdf$`));
  expect(pdfText(file.bytes)).toContain(name);
});
