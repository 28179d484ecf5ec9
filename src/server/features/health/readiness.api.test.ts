import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { committedMigrations, missingMigrations } from '#server/db/migration-status.ts';
import { build } from '#test/support/test-app.ts';

// Readiness: ready only when the database answers and holds every migration of this
// build; the migrations are looked up until they are all there, then never again.

const t = await build();
const db = t.deps.database.db;
const readyz = () => t.app.inject({ method: 'GET', url: '/readyz' });
const last = committedMigrations().at(-1)!;

type Row = { id: number; hash: string; created_at: string | number };
const rowsOf = (result: unknown) => (result as { rows: Row[] }).rows;

describe('GET /readyz', () => {
  it('answers 503 naming a migration the database lacks, then 200 once it is applied', async () => {
    const [removed] = rowsOf(
      await db.execute(
        sql`delete from drizzle.__drizzle_migrations where created_at = ${last.when} returning *`,
      ),
    );
    expect(removed).toBeDefined();

    const before = await readyz();
    expect(before.statusCode).toBe(503);
    expect(before.json()).toEqual({
      status: 'unavailable',
      database: t.deps.database.kind,
      reason: 'migrations',
      missingMigrations: [last.tag],
    });

    await db.execute(
      sql`insert into drizzle.__drizzle_migrations (id, hash, created_at)
          values (${removed!.id}, ${removed!.hash}, ${removed!.created_at})`,
    );
    const after = await readyz();
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual({ status: 'ready', database: t.deps.database.kind });
  });

  it('does not look the migrations up again once all were applied (a probe stays one ping)', async () => {
    await db.execute(sql`alter table drizzle.__drizzle_migrations rename to parked_migrations`);
    try {
      expect((await readyz()).statusCode).toBe(200);
    } finally {
      await db.execute(sql`alter table drizzle.parked_migrations rename to __drizzle_migrations`);
    }
  });

  it('answers 503 when the database does not answer', async () => {
    const down = await build({
      database: { ...t.deps.database, ping: () => Promise.reject(new Error('connection refused')) },
    });
    const response = await down.app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      status: 'unavailable',
      database: t.deps.database.kind,
      reason: 'database',
    });
  });
});

describe('missingMigrations', () => {
  it('is empty on a migrated database, and lists every migration on a database never migrated', async () => {
    expect(await missingMigrations(db)).toEqual([]);
    await db.execute(sql`alter table drizzle.__drizzle_migrations rename to parked_migrations`);
    try {
      expect(await missingMigrations(db)).toEqual(committedMigrations().map((m) => m.tag));
    } finally {
      await db.execute(sql`alter table drizzle.parked_migrations rename to __drizzle_migrations`);
    }
  });

  it('reads the journal drizzle-kit writes, oldest first', () => {
    const tags = committedMigrations().map((m) => m.tag);
    expect(tags[0]).toBe('0000_init');
    expect(tags).toEqual([...tags].sort());
  });
});
