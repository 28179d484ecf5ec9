import { describe, expect, it } from 'vitest';
import { audit } from '#server/domain/audit/audit.ts';
import { createClient, createProcessFor } from '#test/support/portal.ts';
import { build } from '#test/support/test-app.ts';

const t = await build();
const db = t.deps.database.db;
const admin = await t.createUser({ role: 'Admin' });

describe('GET /api/admin/audit-logs', () => {
  it('filters by level and source on the server, newest first, up to the limit', async () => {
    await audit(db, {
      level: 'info',
      source: 'alpha',
      message: 'first',
      details: { apiKey: 'k', note: 'n' },
    });
    await audit(db, { level: 'error', source: 'alpha', message: 'second' });
    await audit(db, { level: 'error', source: 'beta', message: 'third' });
    const get = (query: string) =>
      t
        .injectAs(admin.token, { method: 'GET', url: `/api/admin/audit-logs?${query}` })
        .then((r) => r.json());
    const errors = await get('limit=500&level=error&source=');
    expect(errors.map((e: { message: string }) => e.message)).toEqual(['third', 'second']);
    const alpha = await get('limit=500&level=&source=alpha');
    expect(alpha.map((e: { message: string }) => e.message)).toEqual(['second', 'first']);
    expect(alpha[1].details).toEqual({ apiKey: '[redacted]', note: 'n' });
    expect(await get('limit=1&level=&source=')).toHaveLength(1);
    expect(alpha[0]).toMatchObject({ userName: null, processName: null });
    const bad = await t.injectAs(admin.token, {
      method: 'GET',
      url: '/api/admin/audit-logs?level=panic',
    });
    expect(bad.statusCode).toBe(400);
  });

  it("names the entry's user and process, and lists every source recorded", async () => {
    const client = await createClient(t);
    const process = await createProcessFor(t, client.user.id, { name: 'Nightly export' });
    await audit(db, {
      level: 'warning',
      source: 'gamma',
      message: 'named',
      userId: client.user.id,
      processId: process.id,
    });
    const [entry] = await t
      .injectAs(admin.token, { method: 'GET', url: '/api/admin/audit-logs?source=gamma' })
      .then((r) => r.json());
    expect(entry).toMatchObject({
      userId: client.user.id,
      userName: client.user.name,
      processId: process.id,
      processName: 'Nightly export',
    });
    const sources = await t
      .injectAs(admin.token, { method: 'GET', url: '/api/admin/audit-logs/sources' })
      .then((r) => r.json());
    expect(sources).toEqual(expect.arrayContaining(['alpha', 'beta', 'gamma']));
    expect(sources).toEqual([...sources].sort());
    expect(new Set(sources).size).toBe(sources.length);
    const refused = await t.injectAs((await t.createUser()).token, {
      method: 'GET',
      url: '/api/admin/audit-logs/sources',
    });
    expect(refused.statusCode).toBe(403);
  });
});
