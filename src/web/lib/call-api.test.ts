import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { Message } from '#shared/answers.ts';
import { auditApi } from '#shared/api/audit.ts';
import { schedulerApi } from '#shared/api/scheduler.ts';
import type { AuditEntry } from '#shared/audit.ts';
import type { Schedule } from '#shared/scheduler.ts';
import { ApiError } from './api.ts';
import { callApi, callApiPage, callApiRaw } from './call-api.ts';
import { onSessionExpired } from './session-ended.ts';

// callApi sends a route of the shared table as api.ts sends any call. Its types are the
// point: the lines marked @ts-expect-error must stay errors, or `npx tsc --noEmit` fails,
// so a call that no longer fits its route cannot compile.

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
const sent = () => {
  const [url, init] = fetchMock.mock.calls[0] ?? [];
  return { url, method: init?.method, body: init?.body };
};

beforeEach(() => {
  // Signed out: no stored token.
  const localStorage = { getItem: () => null, setItem() {}, removeItem() {} };
  vi.stubGlobal('window', Object.assign(new EventTarget(), { localStorage }));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const schedule: Schedule = {
  _id: 's1',
  processId: 'p1',
  processName: 'Nightly',
  cron: '0 * * * *',
  timezone: null,
  nextRunAt: null,
  paused: false,
  createdAt: '2026-11-26T00:00:00.000Z',
  lastSkip: null,
};

describe('callApi', () => {
  it("sends the route's method to its path with the params filled in and encoded", async () => {
    fetchMock.mockResolvedValue(json(200, schedule));
    const answer = await callApi(schedulerApi.update, {
      params: { id: 'a/b c' },
      body: { paused: true },
    });
    expect(sent()).toEqual({
      url: '/api/scheduler/a%2Fb%20c',
      method: 'PATCH',
      body: '{"paused":true}',
    });
    expect(answer).toEqual(schedule);
    expectTypeOf(answer).toEqualTypeOf<Schedule>();
  });

  it('adds the query, leaving out what is undefined', async () => {
    fetchMock.mockResolvedValue(json(200, []));
    await callApi(auditApi.list, { query: { limit: 500, level: '', q: undefined } });
    expect(sent().url).toBe('/api/admin/audit-logs?limit=500&level=');
  });

  it('sends a call without input, and fails as every call fails', async () => {
    fetchMock.mockResolvedValue(json(403, { message: 'Not for you.' }));
    const error = await callApi(schedulerApi.list).catch((e: unknown) => e);
    expect(sent()).toMatchObject({ url: '/api/scheduler', method: 'GET', body: undefined });
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, message: 'Not for you.' });
  });

  it('reads a paged list with its total, and hands over a raw answer', async () => {
    fetchMock.mockResolvedValueOnce(json(200, [], { 'x-total-count': '7' }));
    const page = await callApiPage(auditApi.list, { query: {} });
    expect(page).toEqual({ rows: [], total: 7, capped: false });
    expectTypeOf(page.rows).toEqualTypeOf<AuditEntry[]>();
    fetchMock.mockResolvedValueOnce(new Response('a,b', { status: 200 }));
    const raw = await callApiRaw(schedulerApi.remove, { params: { id: 's1' } });
    expect(await raw.text()).toBe('a,b');
  });

  it('refuses at compile time a call that does not fit its route', () => {
    const never = () => {
      // @ts-expect-error the path names :id, not :scheduleId
      callApi(schedulerApi.update, { params: { scheduleId: 's1' }, body: {} });
      // @ts-expect-error the path needs its :id
      callApi(schedulerApi.remove);
      // @ts-expect-error a schedule is made of a process and a cron
      callApi(schedulerApi.create, { body: { cron: 5 } });
      // @ts-expect-error the list takes no body
      callApi(schedulerApi.list, { body: {} });
      expectTypeOf(
        callApi(schedulerApi.remove, { params: { id: 's1' } }),
      ).resolves.toEqualTypeOf<Message>();
    };
    expect(never).toBeTypeOf('function');
  });
});

describe('a session that ended on the server', () => {
  const signedIn = () => {
    const store = new Map([['token', 'tok']]);
    const localStorage = {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => store.set(key, value),
      removeItem: (key: string) => store.delete(key),
    };
    vi.stubGlobal('window', Object.assign(new EventTarget(), { localStorage }));
    const heard: string[] = [];
    onSessionExpired((message) => heard.push(message));
    return heard;
  };
  const ended = () => json(401, { message: 'Your session has ended. Please sign in again.' });

  it("is announced with the server's words when a call with the stored token answers 401", async () => {
    const heard = signedIn();
    fetchMock.mockResolvedValueOnce(ended());
    await expect(callApi(schedulerApi.list)).rejects.toMatchObject({ status: 401 });
    expect(heard).toEqual(['Your session has ended. Please sign in again.']);
    fetchMock.mockResolvedValueOnce(ended());
    // api.ts cleared the session on that 401; signed in again, a file download answers 401 too.
    window.localStorage.setItem('token', 'tok');
    await callApiRaw(schedulerApi.remove, { params: { id: 's1' } });
    expect(heard).toHaveLength(2);
  });

  it('is not announced for a call without the stored token, nor for other refusals', async () => {
    const heard = signedIn();
    fetchMock.mockResolvedValueOnce(ended());
    await callApi(schedulerApi.list, {}, { auth: false }).catch(() => undefined);
    fetchMock.mockResolvedValueOnce(ended());
    await callApi(schedulerApi.list, {}, { token: 'kept-aside' }).catch(() => undefined);
    fetchMock.mockResolvedValueOnce(json(403, { message: 'Not for you.' }));
    await callApi(schedulerApi.list).catch(() => undefined);
    expect(heard).toEqual([]);
  });
});
