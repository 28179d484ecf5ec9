import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, runs } from '#server/db/schema.ts';
import { processMessages } from '#shared/processes.ts';
import { startFakeN8n } from '#test/support/fake-n8n.ts';
import { build } from '#test/support/test-app.ts';

const t = await build();
const n8n = await startFakeN8n();
const db = t.deps.database.db;
let adminToken = '';
let clientId = '';
let clientToken = '';

beforeAll(async () => {
  adminToken = (await t.createUser({ role: 'Admin' })).token;
  const client = await t.createUser();
  clientId = client.user.id;
  clientToken = client.token;
});

const asAdmin = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.injectAs(adminToken, { method, url, payload });

async function createProcess(overrides: object = {}) {
  const response = await asAdmin('POST', '/api/admin/processes', {
    name: 'Invoice sync',
    clientUserId: clientId,
    n8nWebhookUrl: n8n.url('/ok/invoices'),
    ...overrides,
  });
  expect(response.statusCode).toBe(201);
  return response.json();
}

describe('admin processes API', () => {
  it('creates a process with the defaults of SPEC §3', async () => {
    const process = await createProcess();
    expect(process).toMatchObject({
      name: 'Invoice sync',
      httpMethod: 'POST',
      webhookAuthHeaderName: 'Authorization',
      webhookAuthUseBearer: true,
      isActive: true,
      description: null,
    });
    const list = await asAdmin('GET', '/api/admin/processes');
    expect(list.json().map((p: { _id: string }) => p._id)).toContain(process._id);
  });

  it('checks the fields SPEC §5 names, each with its own message', async () => {
    const missing = await asAdmin('POST', '/api/admin/processes', { name: ' ' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toMatchObject({
      name: processMessages.nameRequired,
      clientUserId: processMessages.clientRequired,
    });
    const urls = await asAdmin('POST', '/api/admin/processes', {
      name: 'x',
      clientUserId: clientId,
      n8nWebhookUrl: 'ftp://files.example.com',
      inactiveFallbackWebhookUrl: 'javascript:alert(1)',
    });
    expect(urls.json().errors).toEqual({
      n8nWebhookUrl: processMessages.urlScheme,
      inactiveFallbackWebhookUrl: processMessages.urlScheme,
    });
    const noClient = await asAdmin('POST', '/api/admin/processes', {
      name: 'x',
      clientUserId: '00000000-0000-4000-8000-000000000000',
    });
    expect(noClient.statusCode).toBe(400);
    expect(noClient.json().errors.clientUserId).toBe('Choose an existing client.');
  });

  it('edits inline and pauses/activates with isActive, auditing each', async () => {
    const process = await createProcess();
    const edited = await asAdmin('PATCH', `/api/admin/processes/${process._id}`, {
      description: 'Nightly export',
      httpMethod: 'PUT',
    });
    expect(edited.json()).toMatchObject({
      description: 'Nightly export',
      httpMethod: 'PUT',
      name: 'Invoice sync',
    });
    const paused = await asAdmin('PATCH', `/api/admin/processes/${process._id}`, {
      isActive: false,
    });
    expect(paused.json().isActive).toBe(false);
    const log = await db.select().from(auditLogs).where(eq(auditLogs.processId, process._id));
    expect(log.map((e) => e.message)).toEqual(
      expect.arrayContaining(['Process "Invoice sync" updated', 'Process "Invoice sync" paused']),
    );
    const missing = await asAdmin('PATCH', '/api/admin/processes/not-an-id', { isActive: true });
    expect(missing.statusCode).toBe(404);
  });

  it('keeps the timeout, JWT secret and inputs an admin sets, and refuses bad inputs', async () => {
    const inputFields = [
      { name: 'region', label: 'Region', type: 'select', required: true, options: ['EU', 'US'] },
      { name: 'count', label: ' How many ', type: 'number', defaultValue: '5' },
    ];
    const process = await createProcess({
      webhookTimeoutSeconds: 90,
      webhookAuthJwtSecret: 'j'.repeat(40),
      inputFields,
    });
    const expected = {
      webhookTimeoutSeconds: 90,
      webhookAuthJwtSecret: 'j'.repeat(40),
      inputFields: [
        { ...inputFields[0], defaultValue: null },
        { ...inputFields[1], label: 'How many', required: false, options: [] },
      ],
    };
    expect(process).toMatchObject(expected);
    const list = await asAdmin('GET', '/api/admin/processes');
    expect(list.json().find((p: { _id: string }) => p._id === process._id)).toMatchObject(expected);
    const edited = await asAdmin('PATCH', `/api/admin/processes/${process._id}`, {
      inputFields: [],
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().inputFields).toEqual([]);

    const bad = await asAdmin('POST', '/api/admin/processes', {
      name: 'x',
      clientUserId: clientId,
      webhookTimeoutSeconds: 601,
      inputFields: [
        { name: 'a', label: 'A', type: 'select' },
        { name: 'a', label: 'Again', type: 'text' },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      webhookTimeoutSeconds: processMessages.timeout,
      'inputFields.0.options': 'A select input needs at least one option.',
    });
  });

  it('is closed to clients and to anonymous callers', async () => {
    expect(
      (await t.injectAs(clientToken, { method: 'GET', url: '/api/admin/processes' })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/processes' })).statusCode).toBe(
      401,
    );
  });
});

describe('POST /api/admin/processes/{id}/test: the webhook runner', () => {
  it('calls the webhook with a bearer key and records the run', async () => {
    const process = await createProcess({
      n8nWebhookUrl: n8n.url('/ok/bearer'),
      webhookAuthKey: 'n8n_secret',
    });
    const response = await asAdmin('POST', `/api/admin/processes/${process._id}/test`, {});
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 200,
      ok: true,
      durationMs: expect.any(Number),
    });
    const [call] = n8n.to('/ok/bearer');
    expect(call?.method).toBe('POST');
    expect(call?.headers.authorization).toBe('Bearer n8n_secret');
    expect(JSON.parse(call?.body ?? '{}')).toMatchObject({
      processId: process._id,
      trigger: 'test',
    });
    const [run] = await db.select().from(runs).where(eq(runs.processId, process._id));
    expect(run).toMatchObject({
      trigger: 'test',
      ok: true,
      statusCode: 200,
      clientUserId: clientId,
    });
  });

  it('sends the raw key in a custom header when bearer is off', async () => {
    const process = await createProcess({
      n8nWebhookUrl: n8n.url('/ok/raw'),
      webhookAuthKey: 'raw-key',
      webhookAuthHeaderName: 'X-N8N-Key',
      webhookAuthUseBearer: false,
      httpMethod: 'GET',
    });
    await asAdmin('POST', `/api/admin/processes/${process._id}/test`, {});
    const [call] = n8n.to('/ok/raw');
    expect(call?.method).toBe('GET');
    expect(call?.headers['x-n8n-key']).toBe('raw-key');
  });

  it('uses HTTP Basic when a basic user is set', async () => {
    const process = await createProcess({
      n8nWebhookUrl: n8n.url('/ok/basic'),
      webhookAuthBasicUser: 'robot',
      webhookAuthBasicPass: 'hunter2',
    });
    await asAdmin('POST', `/api/admin/processes/${process._id}/test`, {});
    const [call] = n8n.to('/ok/basic');
    expect(call?.headers.authorization).toBe(
      `Basic ${Buffer.from('robot:hunter2').toString('base64')}`,
    );
  });

  it('reports a failing webhook as 502 with the status and a snippet, and audits it', async () => {
    const process = await createProcess({ n8nWebhookUrl: n8n.url('/fail/x') });
    const response = await asAdmin('POST', `/api/admin/processes/${process._id}/test`, {});
    expect(response.statusCode).toBe(502);
    expect(response.json().message).toMatch(/^The webhook answered 500: workflow crashed/);
    const [run] = await db.select().from(runs).where(eq(runs.processId, process._id));
    expect(run?.ok).toBe(false);
    expect(run?.bodySnippet).toHaveLength(300);
    const log = await db.select().from(auditLogs).where(eq(auditLogs.processId, process._id));
    expect(log.some((e) => e.level === 'error' && e.source === 'runs')).toBe(true);
  });

  it('gives up after the timeout with 504', async () => {
    const process = await createProcess({
      n8nWebhookUrl: n8n.url('/slow/x'),
      webhookTimeoutSeconds: 2,
    });
    const response = await asAdmin('POST', `/api/admin/processes/${process._id}/test`, {});
    expect(response.statusCode).toBe(504);
    expect(response.json().message).toMatch(/No answer within 2 s/);
  });

  it('answers 409 when there is no webhook URL', async () => {
    const process = await createProcess({ n8nWebhookUrl: '' });
    const response = await asAdmin('POST', `/api/admin/processes/${process._id}/test`, {});
    expect(response.statusCode).toBe(409);
  });
});
