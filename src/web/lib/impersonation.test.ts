import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '#shared/user.ts';
import {
  beginImpersonation,
  dropStaleImpersonation,
  forgetImpersonation,
  getSavedImpersonation,
  isHandoverFromThisAdmin,
  isImpersonating,
} from './impersonation.ts';
import { clearSession, setSession } from './session.ts';

class MemoryStorage {
  private data = new Map<string, string>();
  getItem = (key: string) => this.data.get(key) ?? null;
  setItem = (key: string, value: string) => void this.data.set(key, value);
  removeItem = (key: string) => void this.data.delete(key);
}

const admin = { _id: 'a1', name: 'Ada Admin', email: 'ada@example.test', role: 'Admin' } as User;
const client = { _id: 'c1', name: 'Cy Client', email: 'cy@example.test', role: 'Client' } as User;

beforeEach(() => {
  vi.stubGlobal('window', Object.assign(new EventTarget(), { localStorage: new MemoryStorage() }));
  setSession({ token: 'admin-token', user: admin });
});
afterEach(() => vi.unstubAllGlobals());

/** What the portal guard does with ?impersonate=<token>. */
const adoptClientSession = () => setSession({ token: 'imp-token', user: client });

describe('impersonation store', () => {
  it('keeps the admin session aside and knows when the borrowed session is in use', () => {
    beginImpersonation({ token: 'admin-token', user: admin }, 'imp-token');
    expect(isImpersonating()).toBe(false); // still the admin's own session
    adoptClientSession();
    expect(isImpersonating()).toBe(true);
    expect(getSavedImpersonation()).toEqual({
      admin: { token: 'admin-token', user: admin },
      token: 'imp-token',
    });
    expect(window.localStorage.getItem('adminToken')).toBe('admin-token');
  });

  it('keeps the saved admin session while the impersonation session is current', () => {
    beginImpersonation({ token: 'admin-token', user: admin }, 'imp-token');
    adoptClientSession();
    dropStaleImpersonation();
    expect(getSavedImpersonation()).not.toBeNull();
  });

  it('drops the saved admin session once the borrowed session ends another way', () => {
    beginImpersonation({ token: 'admin-token', user: admin }, 'imp-token');
    adoptClientSession();
    clearSession(); // logout, or a 401 once the hour is up
    dropStaleImpersonation();
    expect(getSavedImpersonation()).toBeNull();
    expect(window.localStorage.getItem('adminToken')).toBeNull();
    expect(window.localStorage.getItem('adminUser')).toBeNull();
  });

  it('forgets everything on request and ignores unreadable records', () => {
    beginImpersonation({ token: 'admin-token', user: admin }, 'imp-token');
    window.localStorage.setItem('adminUser', '{not json');
    expect(getSavedImpersonation()).toBeNull();
    forgetImpersonation();
    expect(window.localStorage.getItem('impersonationToken')).toBeNull();
  });

  it("adopts only the test session this browser's admin asked for", () => {
    expect(isHandoverFromThisAdmin('imp-token')).toBe(false); // nothing asked for
    beginImpersonation({ token: 'admin-token', user: admin }, 'imp-token');
    expect(isHandoverFromThisAdmin('someone-elses-token')).toBe(false);
    expect(isHandoverFromThisAdmin('imp-token')).toBe(true);
    // Signed in as someone else since: the saved request is not theirs.
    setSession({ token: 'other-token', user: client });
    expect(isHandoverFromThisAdmin('imp-token')).toBe(false);
  });

  it('keeps a handover that is on its way while the admin is still signed in', () => {
    beginImpersonation({ token: 'admin-token', user: admin }, 'imp-token');
    dropStaleImpersonation(); // a fresh page load before the portal adopts the token
    expect(isHandoverFromThisAdmin('imp-token')).toBe(true);
  });
});
