import { describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { securityMessages } from '#shared/security.ts';
import { build } from '#test/support/test-app.ts';
import { resetAdminIpLockOnStart } from './lock-reset.ts';

// The admin IP lock, with the client IP read from X-Forwarded-For (TRUST_PROXY=true).

const t = await build({ config: loadConfig({ TRUST_PROXY: 'true', LOG_LEVEL: 'silent' }) });
const admin = await t.createUser({ role: 'Admin' });

const from = (ip: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    payload,
    headers: { authorization: `Bearer ${admin.token}`, 'x-forwarded-for': ip },
  });

describe('admin IP restriction', () => {
  it('shows the caller its own IP', async () => {
    const response = await from('203.0.113.10', 'GET', '/api/admin/security/ip');
    expect(response.json()).toEqual({ ip: '203.0.113.10', allowedIp: null });
  });

  it('validates the address', async () => {
    const empty = await from('203.0.113.10', 'POST', '/api/admin/security/admin-allowed-ip', {
      ip: ' ',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(securityMessages.required);
    const bad = await from('203.0.113.10', 'POST', '/api/admin/security/admin-allowed-ip', {
      ip: '203.0.113',
    });
    expect(bad.json().errors.ip).toBe(securityMessages.invalid);
  });

  it('closes every admin call to other addresses, keeps the allowed one open, and can be lifted', async () => {
    const set = await from('203.0.113.10', 'POST', '/api/admin/security/admin-allowed-ip', {
      ip: '203.0.113.10',
    });
    expect(set.json().allowedIp).toBe('203.0.113.10');

    for (const url of ['/api/admin/clients', '/api/analytics/overview', '/api/admin/audit-logs']) {
      const refused = await from('198.51.100.7', 'GET', url);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toMatch(/198.51.100.7 is not it/);
      expect((await from('203.0.113.10', 'GET', url)).statusCode).toBe(200);
    }
    // Client calls are not affected by the admin lock.
    const client = await t.createUser();
    const verify = await t.app.inject({
      method: 'GET',
      url: '/api/auth/verify',
      headers: { authorization: `Bearer ${client.token}`, 'x-forwarded-for': '198.51.100.7' },
    });
    expect(verify.statusCode).toBe(200);

    const cleared = await from('203.0.113.10', 'DELETE', '/api/admin/security/admin-allowed-ip');
    expect(cleared.json().allowedIp).toBeNull();
    expect((await from('198.51.100.7', 'GET', '/api/admin/clients')).statusCode).toBe(200);
  });

  it('is lifted by a start with ADMIN_IP_LOCK_RESET=true, and only then', async () => {
    await from('203.0.113.10', 'POST', '/api/admin/security/admin-allowed-ip', {
      ip: '203.0.113.10',
    });
    const db = t.deps.database.db;
    expect(await resetAdminIpLockOnStart(db, false)).toBe(false);
    expect((await from('198.51.100.7', 'GET', '/api/admin/clients')).statusCode).toBe(403);
    expect(await resetAdminIpLockOnStart(db, true)).toBe(true);
    expect((await from('198.51.100.7', 'GET', '/api/admin/clients')).statusCode).toBe(200);
    expect(await resetAdminIpLockOnStart(db, true)).toBe(false); // nothing left to lift
  });
});
