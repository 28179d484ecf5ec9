import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { processes, runs, users } from '#server/db/schema.ts';
import { createProcessFor } from '#test/support/portal.ts';
import { build } from '#test/support/test-app.ts';

// The admin clients, processes and enquiries lists page, search and sort on the server:
// the answer keeps the spec's shape, an array, and X-Total-Count says how many match.

const t = await build();
const admin = await t.createUser({ role: 'Admin', name: 'Ada Admin' });
const get = (url: string) => t.injectAs(admin.token, { method: 'GET', url });
const names = (rows: { name: string }[]) => rows.map((row) => row.name);

const people = ['Zed Zimmer', 'Amy Appleton', 'Mia Mercer', 'Bo Baker', 'Cy Cole'];
const created: Awaited<ReturnType<typeof t.createUser>>[] = [];
for (const name of people) {
  created.push(
    await t.createUser({ name, companyName: `${name.split(' ')[1]} Freight`, companyCode: 'PAGE' }),
  );
}

describe('GET /api/admin/clients', () => {
  it('searches name, e-mail, company and code, all words, with the number that match', async () => {
    const byCompany = await get('/api/admin/clients?q=mercer%20freight');
    expect(names(byCompany.json())).toEqual(['Mia Mercer']);
    expect(byCompany.headers['x-total-count']).toBe('1');
    const byCode = await get('/api/admin/clients?q=page');
    expect(byCode.headers['x-total-count']).toBe('5');
    const none = await get(`/api/admin/clients?q=${encodeURIComponent('100%_x')}`);
    expect(none.json()).toEqual([]);
  });

  it('filters by role, sorts, and pages without repeating or skipping anyone', async () => {
    const admins = await get('/api/admin/clients?role=Admin');
    expect(names(admins.json())).toEqual(['Ada Admin']);
    const byName = await get('/api/admin/clients?q=page&sort=name');
    expect(names(byName.json())).toEqual([...people].sort());
    const first = await get('/api/admin/clients?q=page&sort=name&limit=2');
    const nextOf = (page: { headers: Record<string, unknown> }) =>
      encodeURIComponent(String(page.headers['x-next-cursor']));
    const second = await get(`/api/admin/clients?q=page&sort=name&limit=2&after=${nextOf(first)}`);
    const third = await get(`/api/admin/clients?q=page&sort=name&limit=2&after=${nextOf(second)}`);
    expect(third.headers['x-next-cursor']).toBeUndefined();
    expect([...first.json(), ...second.json(), ...third.json()].map((u) => u.name)).toEqual(
      [...people].sort(),
    );
    expect(first.headers['x-total-count']).toBe('5');
    // Newest first without a sort: the spec's order.
    expect(names((await get('/api/admin/clients?q=page')).json())).toEqual([...people].reverse());
    expect((await get('/api/admin/clients?limit=501')).statusCode).toBe(400);
    expect((await get('/api/admin/clients?sort=salary')).statusCode).toBe(400);
  });

  it('leaves a role out on request and says when each account was last active', async () => {
    const everyone = names((await get('/api/admin/clients?limit=500')).json());
    const clientsOnly = names((await get('/api/admin/clients?limit=500&exclude=Admin')).json());
    expect(everyone).toContain('Ada Admin');
    expect(clientsOnly).not.toContain('Ada Admin');
    expect(clientsOnly).toHaveLength(everyone.length - 1);

    // A sign-in makes an account active; never signed in, no runs: null. A run makes it
    // active at the run's time.
    const signedUp = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        name: 'Sid Signup',
        email: 'sid.signup@example.test',
        password: 'Str0ng-Passw0rd!',
        confirmPassword: 'Str0ng-Passw0rd!',
        acceptedTOS: true,
      },
    });
    expect(signedUp.statusCode).toBe(201);
    const sid = (await get('/api/admin/clients?q=sid.signup')).json()[0];
    expect(Date.now() - Date.parse(sid.lastActiveAt)).toBeLessThan(60_000);
    const db = t.deps.database.db;
    const [rae] = await db
      .insert(users)
      .values({ name: 'Rae Runs', email: 'rae.runs@example.test', passwordHash: 'x' })
      .returning();
    const row = async () =>
      (await get('/api/admin/clients?q=rae.runs')).json()[0] as { lastActiveAt: string | null };
    expect((await row()).lastActiveAt).toBeNull();
    const process = await createProcessFor(t, rae!.id, { name: 'Rae flow' });
    const ranAt = new Date(Date.now() - 3_600_000);
    await db.insert(runs).values({
      processId: process.id,
      clientUserId: rae!.id,
      trigger: 'schedule',
      ok: true,
      startedAt: ranAt,
    });
    expect((await row()).lastActiveAt).toBe(ranAt.toISOString());
    // Gone again, so the process list below counts only its own.
    await db.delete(processes).where(eq(processes.id, process.id));
  });
});

describe('GET /api/admin/processes', () => {
  it('pages, searches and filters by client, naming each client', async () => {
    const [zed, amy] = created;
    for (let i = 0; i < 3; i++) await createProcessFor(t, zed!.user.id, { name: `Zed flow ${i}` });
    await createProcessFor(t, amy!.user.id, { name: 'Amy invoice sync' });
    const all = await get('/api/admin/processes?limit=2');
    expect(all.json()).toHaveLength(2);
    expect(all.headers['x-total-count']).toBe('4');
    const zeds = await get(`/api/admin/processes?clientUserId=${zed!.user.id}`);
    expect(names(zeds.json()).sort()).toEqual(['Zed flow 0', 'Zed flow 1', 'Zed flow 2']);
    expect(zeds.json()[0].clientName).toBe('Zed Zimmer');
    const search = await get('/api/admin/processes?q=invoice');
    expect(names(search.json())).toEqual(['Amy invoice sync']);
    expect((await get('/api/admin/processes?clientUserId=nope')).statusCode).toBe(400);
  });
});

describe('GET /api/admin/enquiries', () => {
  it('searches name, e-mail, company and message, newest first, a page at a time', async () => {
    const { enquiries } = await import('#server/db/schema.ts');
    const base = Date.now() - 600_000;
    await t.deps.database.db.insert(enquiries).values(
      Array.from({ length: 5 }, (_, i) => ({
        name: `Enquirer ${i}`,
        email: `e${i}@paging.test`,
        interest: 'automation',
        message: i === 2 ? 'We need a warehouse robot dashboard.' : 'Hello there.',
        createdAt: new Date(base + i * 1000),
      })),
    );
    const robot = await get('/api/admin/enquiries?q=warehouse%20ROBOT');
    expect(names(robot.json())).toEqual(['Enquirer 2']);
    expect(robot.headers['x-total-count']).toBe('1');
    const first = await get('/api/admin/enquiries?q=paging.test&limit=2');
    const before = encodeURIComponent(String(first.headers['x-next-cursor']));
    const second = await get(`/api/admin/enquiries?q=paging.test&limit=2&before=${before}`);
    expect([...names(first.json()), ...names(second.json())]).toEqual([
      'Enquirer 4',
      'Enquirer 3',
      'Enquirer 2',
      'Enquirer 1',
    ]);
    expect(first.headers['x-total-count']).toBe('5');
    expect((await get('/api/admin/enquiries?limit=201')).statusCode).toBe(400);
  });
});
