import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '#shared/user.ts';
import { ApiError, api, responseError } from './api.ts';
import { AUTH_CHANGED, getStoredUser, getToken, setSession } from './session.ts';

// The api client and session store run against a minimal window (localStorage and
// events) and a stubbed fetch: enough to check headers, errors and the 401 rule.

class MemoryStorage {
  private data = new Map<string, string>();
  getItem = (key: string) => this.data.get(key) ?? null;
  setItem = (key: string, value: string) => void this.data.set(key, value);
  removeItem = (key: string) => void this.data.delete(key);
}

const user = { _id: 'u1', name: 'Ada Client', email: 'ada@example.test' } as User;
const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  const target = new EventTarget();
  vi.stubGlobal('window', Object.assign(target, { localStorage: new MemoryStorage() }));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const sentHeaders = () => new Headers(fetchMock.mock.calls[0]?.[1]?.headers);

describe('api client', () => {
  it('sends the stored token and JSON, and parses the JSON answer', async () => {
    setSession({ token: 'tok-1', user });
    fetchMock.mockResolvedValue(json(200, { ok: true }));
    await expect(api.call('POST', '/api/thing', { a: 1 })).resolves.toEqual({ ok: true });
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"a":1}');
    expect(sentHeaders().get('authorization')).toBe('Bearer tok-1');
    expect(sentHeaders().get('content-type')).toBe('application/json');
  });

  it('leaves the token out when asked (login, register)', async () => {
    setSession({ token: 'tok-1', user });
    fetchMock.mockResolvedValue(json(200, {}));
    await api.call('POST', '/api/auth/login', {}, { auth: false });
    expect(sentHeaders().has('authorization')).toBe(false);
  });

  it('turns an error answer into ApiError with status, message, field errors and body', async () => {
    const body = { message: 'Fix the form.', errors: { email: 'Enter a valid email' } };
    fetchMock.mockResolvedValue(json(400, body));
    const error = await api.call('POST', '/api/auth/register', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      message: 'Fix the form.',
      errors: { email: 'Enter a valid email' },
      body: JSON.stringify(body),
    });
  });

  it('gives a readable message when the error body is not JSON', async () => {
    fetchMock.mockResolvedValue(new Response('Bad gateway', { status: 502 }));
    await expect(api.call('GET', '/api/x')).rejects.toMatchObject({
      status: 502,
      message: 'Request failed with status 502.',
      body: 'Bad gateway',
    });
  });

  it("keeps the server's own message apart from the stand-in", async () => {
    fetchMock.mockResolvedValueOnce(json(403, { message: 'Only the owner can do that.' }));
    const said = await api.call('GET', '/api/x').catch((e: unknown) => e);
    expect(said).toMatchObject({ serverMessage: 'Only the owner can do that.' });
    fetchMock.mockResolvedValueOnce(json(500, { message: '  ' }));
    const blank = await api.call('GET', '/api/x').catch((e: unknown) => e);
    expect(blank).toMatchObject({
      serverMessage: null,
      message: 'Request failed with status 500.',
    });
    fetchMock.mockResolvedValueOnce(new Response('Bad gateway', { status: 502 }));
    await expect(api.call('GET', '/api/x')).rejects.toMatchObject({ serverMessage: null });
  });

  it('clears the session on a 401 to an authenticated call and announces it', async () => {
    setSession({ token: 'expired', user });
    const announced = vi.fn();
    window.addEventListener(AUTH_CHANGED, announced);
    fetchMock.mockResolvedValue(json(401, { message: 'Please sign in to continue.' }));
    await expect(api.call('GET', '/api/n8n/my-processes')).rejects.toMatchObject({ status: 401 });
    expect(getToken()).toBeNull();
    expect(getStoredUser()).toBeNull();
    expect(announced).toHaveBeenCalledTimes(1);
  });

  it('keeps the session on a 401 to a call made without the token (bad login)', async () => {
    setSession({ token: 'tok-1', user });
    fetchMock.mockResolvedValue(json(401, { message: 'Invalid email or password.' }));
    await expect(api.call('POST', '/api/auth/login', {}, { auth: false })).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(getToken()).toBe('tok-1');
  });

  it('raw returns the response whatever its status', async () => {
    fetchMock.mockResolvedValue(new Response('upstream said no', { status: 500 }));
    const response = await api.raw('POST', '/api/n8n/trigger/p1');
    expect(response.status).toBe(500);
    expect(await response.text()).toBe('upstream said no');
  });

  it('reads a failed raw answer into the same ApiError as any call', async () => {
    const failed = json(413, {
      message: 'The document is too long.',
      errors: { content: 'Too long' },
    });
    await expect(responseError(failed)).resolves.toMatchObject({
      status: 413,
      message: 'The document is too long.',
      errors: { content: 'Too long' },
    });
  });

  it('puts an answer under a field, keeping everything else', () => {
    const error = new ApiError(
      401,
      'That code is not right.',
      { other: 'x' },
      '{"message":"That code is not right."}',
    );
    expect(error.forField('code')).toMatchObject({
      status: 401,
      message: 'That code is not right.',
      errors: { other: 'x', code: 'That code is not right.' },
      serverMessage: 'That code is not right.',
    });
  });
});
