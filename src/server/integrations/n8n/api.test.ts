import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { startFakeN8n } from '#test/support/fake-n8n.ts';
import { createN8nApi, n8nApiBase } from './api.ts';

// The n8n public API client against tests/support/fake-n8n.ts, and against a plain server
// whose answer each test sets (other web servers, n8n versions that answer differently).

const n8n = await startFakeN8n({ apiKey: 'the-real-api-key', executionDelayMs: 1_000 });
const api = createN8nApi({ url: n8n.url('/api/v1'), apiKey: n8n.apiKey });

let scripted = { status: 200, body: '<html>Welcome</html>' };
const other = createServer((_req, res) => res.writeHead(scripted.status).end(scripted.body));
await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
const otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
afterAll(() => new Promise<void>((resolve) => other.close(() => resolve())));
const otherApi = createN8nApi({ url: otherUrl, apiKey: 'secret-key-value' });

const at = (base: Date, offsetMs: number) => new Date(base.getTime() + offsetMs);
const echoed = (runId: string) => ({ headers: {}, params: {}, query: {}, body: { runId } });

describe('n8nApiBase', () => {
  it.each([
    'https://n8n.example.com',
    'https://n8n.example.com/',
    'https://n8n.example.com/api/v1',
    'https://n8n.example.com/api/v1/',
    ' https://n8n.example.com/api/v1// ',
  ])('reads %j as the instance', (url) => {
    expect(n8nApiBase(url)).toBe('https://n8n.example.com');
  });

  it('keeps a path the instance is served under', () => {
    expect(n8nApiBase('https://example.com/n8n/api/v1/')).toBe('https://example.com/n8n');
  });
});

describe('health and key', () => {
  it('passes an n8n instance and a key it accepts', async () => {
    expect(await api.health()).toEqual({
      ok: true,
      details: `${n8n.url('/healthz')} answered ok, and n8n's public API asks for its key.`,
    });
    // The health check asks the public API without a key: n8n's own refusal tells it apart.
    expect(n8n.to('/api/v1/workflows?limit=1')[0]?.headers['x-n8n-api-key']).toBeUndefined();
    expect(await api.checkKey()).toEqual({ ok: true, details: 'The n8n API accepted the key.' });
    expect(n8n.to('/api/v1/workflows?limit=1').at(-1)?.headers['x-n8n-api-key']).toBe(n8n.apiKey);
  });

  it('refuses a wrong or empty key, never repeating it', async () => {
    const wrong = await createN8nApi({ url: n8n.url(''), apiKey: 'not-the-key' }).checkKey();
    expect(wrong).toEqual({
      ok: false,
      details: 'The n8n API refused the key (401: unauthorized).',
    });
    const empty = await createN8nApi({ url: n8n.url(''), apiKey: '' }).checkKey();
    expect(empty.details).toBe(
      "The n8n API refused the key (401: 'X-N8N-API-KEY' header required).",
    );
  });

  it('fails a server that answers 200 to everything but is not n8n', async () => {
    scripted = { status: 200, body: '<html>Welcome</html>' };
    const health = await otherApi.health();
    expect(health).toEqual({
      ok: false,
      details: `${otherUrl}/healthz answered 200 with <html>Welcome</html>: not n8n.`,
    });
    expect(await otherApi.checkKey()).toEqual({
      ok: false,
      details: `${otherUrl}/api/v1/workflows answered 200, but not as n8n.`,
    });
  });

  it('reports other statuses and unreachable servers as such', async () => {
    scripted = { status: 404, body: 'Not Found' };
    expect((await otherApi.checkKey()).details).toBe(`${otherUrl}/api/v1/workflows answered 404.`);
    const nowhere = createN8nApi({ url: 'http://127.0.0.1:9', apiKey: 'k', timeoutMs: 1_000 });
    expect(await nowhere.health()).toMatchObject({ ok: false, details: /could not be reached/ });
    expect(await nowhere.checkKey()).toMatchObject({ ok: false, details: /could not be reached/ });
  });
});

describe('listExecutions', () => {
  const base = new Date('2030-01-01T12:00:00.000Z');
  for (let i = 0; i < 5; i++) {
    n8n.addExecution({
      workflowId: 'wf-list',
      startedAt: at(base, i * 1_000),
      stoppedAt: at(base, i * 1_000 + 500),
      status: i === 3 ? 'crashed' : 'success',
      trigger: echoed(`run-${i}`),
    });
  }
  n8n.addExecution({ workflowId: 'wf-list', startedAt: at(base, 9_000), status: 'running' });
  n8n.addExecution({ workflowId: 'wf-elsewhere', startedAt: base });

  it('pages through one workflow, newest first, without the data', async () => {
    const first = await api.listExecutions({ workflowId: 'wf-list', limit: 2 });
    expect(first.data).toEqual([
      {
        id: expect.any(String),
        status: 'success',
        startedAt: at(base, 4_000),
        stoppedAt: at(base, 4_500),
      },
      {
        id: expect.any(String),
        status: 'crashed',
        startedAt: at(base, 3_000),
        stoppedAt: at(base, 3_500),
      },
    ]);
    expect(n8n.to('/api/v1/executions?workflowId=wf-list').at(-1)?.path).not.toMatch(/includeData/);
    expect(first.nextCursor).toEqual(expect.any(String));
    const rest = await api.listExecutions({
      workflowId: 'wf-list',
      limit: 10,
      cursor: first.nextCursor!,
    });
    expect(rest.data.map((e) => e.startedAt)).toEqual([2, 1, 0].map((s) => at(base, s * 1_000)));
    expect(rest.nextCursor).toBeNull();
  });

  it('filters on status (crashed counts as error); running ones only when asked for', async () => {
    const errors = await api.listExecutions({ workflowId: 'wf-list', status: 'error' });
    expect(errors.data.map((e) => e.status)).toEqual(['crashed']);
    const running = await api.listExecutions({ workflowId: 'wf-list', status: 'running' });
    expect(running.data.map((e) => e.status)).toEqual(['running']);
    const recent = await api.recentExecutions('wf-list', base);
    expect(recent).toHaveLength(6);
  });

  it('throws the status and n8n message, without the key', async () => {
    const tooMany = api.listExecutions({ workflowId: 'wf-list', limit: 251 });
    await expect(tooMany).rejects.toThrow(
      'The n8n API answered 400: request/query/limit must be <= 250',
    );
    scripted = { status: 401, body: '{"message":"unauthorized: secret-key-value"}' };
    const error = await otherApi.listExecutions({ workflowId: 'x' }).catch((e: Error) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe('The n8n API answered 401: unauthorized: [API key]');
  });

  it('reads numeric ids, unknown statuses and queued executions', async () => {
    scripted = {
      status: 200,
      body: JSON.stringify({
        data: [
          { id: 7, status: 'success', startedAt: '2030-01-01T00:00:00.000Z', stoppedAt: null },
          { id: '8', status: 'paused', startedAt: null, createdAt: '2030-01-01T00:00:01.000Z' },
        ],
      }),
    };
    const page = await otherApi.listExecutions({ workflowId: 'x' });
    expect(page.data.map(({ id, status, startedAt }) => ({ id, status, startedAt }))).toEqual([
      { id: '7', status: 'success', startedAt: new Date('2030-01-01T00:00:00.000Z') },
      { id: '8', status: 'unknown', startedAt: new Date('2030-01-01T00:00:01.000Z') },
    ]);
    expect(page.nextCursor).toBeNull();
  });

  it('rejects an answer that is not a page of executions', async () => {
    scripted = { status: 200, body: '{"data":[{"id":"1"}]}' };
    await expect(otherApi.listExecutions({ workflowId: 'x' })).rejects.toThrow(/unexpected form/);
  });
});

const post = (path: string, payload: object) =>
  fetch(n8n.url(path), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  });

describe('getExecution', () => {
  it("reads the run id and n8n's error: the failing node, its message and description", async () => {
    const answer = await post('/node-error/invoice', { runId: 'run-node', workflowId: 'wf-node' });
    expect(answer.status).toBe(500);
    expect(await answer.json()).toEqual({ message: 'Error in workflow' });
    const { id } = n8n.executions.at(-1)!;
    expect(await api.getExecution(id, { includeData: true })).toMatchObject({
      id,
      status: 'error',
      runId: 'run-node',
      dataRead: true,
      error: {
        node: 'Create invoice',
        message: 'Bad request - please check your parameters',
        description: "Invalid email address: 'not-an-email'",
      },
    });
    // Without data only the status: cheap to ask every few seconds.
    expect(await api.getExecution(id)).toMatchObject({ status: 'error', runId: null, error: null });
    expect(await api.getExecution('999999')).toBeNull();
  });

  it('reads the run id of a running execution from its stack, and of a parked one', async () => {
    await post('/responder/success/early', { runId: 'run-stack', workflowId: 'wf-stack' });
    const running = n8n.executions.at(-1)!;
    expect(await api.getExecution(running.id, { includeData: true })).toMatchObject({
      status: 'running',
      runId: 'run-stack',
    });
    await post('/parked/error/wait', { runId: 'run-parked', workflowId: 'wf-parked' });
    const parked = n8n.executions.at(-1)!;
    expect(await api.getExecution(parked.id, { includeData: true })).toMatchObject({
      status: 'waiting',
      runId: 'run-parked',
      error: null,
    });
  });

  it('reads an execution whose data is over 4 MB', async () => {
    const execution = n8n.addExecution({
      workflowId: 'wf-large',
      startedAt: new Date(),
      status: 'error',
      trigger: echoed('run-large'),
      error: { node: 'Build report', message: 'Out of paper' },
      dataBytes: 5 * 1024 * 1024,
    });
    expect(await api.getExecution(execution.id, { includeData: true })).toMatchObject({
      runId: 'run-large',
      error: { node: 'Build report', message: 'Out of paper' },
    });
  });
});

describe('findExecution', () => {
  it('finds a respond-immediately execution by the run id it echoes', async () => {
    const calledAt = new Date();
    const answer = await post('/immediate/error/echo/report', {
      runId: 'run-echo',
      workflowId: 'wf-echo',
    });
    expect(await answer.json()).toEqual({ message: 'Workflow was started' });
    // A later execution of another run, nearer in time, must not be taken for this one.
    n8n.addExecution({ workflowId: 'wf-echo', startedAt: calledAt, trigger: echoed('other') });
    const query = { workflowId: 'wf-echo', runId: 'run-echo', calledAt };
    // Still running: n8n lists it only when asked for running executions.
    expect(await api.findExecution(query)).toMatchObject({ runId: 'run-echo', status: 'running' });
    await expect
      .poll(async () => (await api.findExecution(query))?.error?.message, { timeout: 5_000 })
      .toBe('The fake was told to fail');
  });

  it('takes the unclaimed execution that started nearest the call', async () => {
    const calledAt = new Date('2030-02-01T12:00:00.000Z');
    const started = (offsetMs: number) =>
      n8n.addExecution({ workflowId: 'wf-near', startedAt: at(calledAt, offsetMs) });
    started(-3_000);
    const claimed = started(500);
    started(-1_500);
    const nearest = started(1_000);
    started(70_000);
    const query = {
      workflowId: 'wf-near',
      runId: 'run-x',
      calledAt,
      exclude: new Set([claimed.id]),
    };
    expect((await api.findExecution(query))?.id).toBe(nearest.id);
    const narrow = await api.findExecution({
      ...query,
      calledAt: at(calledAt, 20_000),
      windowMs: 10_000,
    });
    expect(narrow).toBeNull();
  });

  it('reads only the executions that started near the call, one by one', async () => {
    const calledAt = new Date('2030-04-01T12:00:00.000Z');
    for (let i = 1; i <= 30; i++) {
      n8n.addExecution({
        workflowId: 'wf-many',
        startedAt: at(calledAt, -i * 60_000),
        trigger: echoed(`old-${i}`),
        dataBytes: 1024 * 1024,
      });
    }
    n8n.addExecution({ workflowId: 'wf-many', startedAt: at(calledAt, 300), trigger: echoed('x') });
    const mine = n8n.addExecution({
      workflowId: 'wf-many',
      startedAt: at(calledAt, 200),
      trigger: echoed('mine'),
    });
    const before = n8n.received.length;
    expect((await api.findExecution({ workflowId: 'wf-many', runId: 'mine', calledAt }))?.id).toBe(
      mine.id,
    );
    const asked = n8n.received.slice(before).map((r) => r.path);
    expect(asked.filter((path) => path.includes('includeData=true'))).toEqual([
      `/api/v1/executions/${mine.id}?includeData=true`,
    ]);
  });

  it('pages back until executions start before the call, at most 5 pages of 100', async () => {
    const calledAt = new Date('2030-03-01T12:00:00.000Z');
    n8n.addExecution({ workflowId: 'wf-deep', startedAt: calledAt, trigger: echoed('deep') });
    for (let i = 1; i <= 150; i++) {
      n8n.addExecution({ workflowId: 'wf-deep', startedAt: at(calledAt, i * 100) });
    }
    expect(
      (await api.findExecution({ workflowId: 'wf-deep', runId: 'deep', calledAt }))?.id,
    ).toBeDefined();
    n8n.addExecution({ workflowId: 'wf-deeper', startedAt: calledAt, trigger: echoed('deeper') });
    for (let i = 1; i <= 600; i++) {
      n8n.addExecution({ workflowId: 'wf-deeper', startedAt: at(calledAt, i * 10) });
    }
    const lists = () =>
      n8n.to('/api/v1/executions?workflowId=wf-deeper').filter((r) => !r.path.includes('running'));
    expect(
      (await api.findExecution({ workflowId: 'wf-deeper', runId: 'deeper', calledAt }))?.runId,
    ).toBeNull();
    expect(lists()).toHaveLength(5);
    expect(lists()[0]?.path).toContain('limit=100');
  });
});
