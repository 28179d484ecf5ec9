import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { openDatabase } from '#server/db/client.ts';
import { processes } from '#server/db/schema.ts';
import { createClient, createProcessFor } from '#test/support/portal.ts';
import { build } from '#test/support/test-app.ts';

// Two instances on one PostgreSQL: a change made through one is seen by the other's
// cache promptly (the triggers' notifications), not after the cache's TTL.

const t = await build();

describe('read cache on two instances', () => {
  it("sees the other instance's change within a second", async () => {
    const second = await openDatabase({ databaseUrl: t.deps.database.url });
    const other = await buildApp({ ...t.deps, database: second });
    try {
      const me = await createClient(t);
      const process = await createProcessFor(t, me.user.id, { name: 'Before' });
      const names = async () =>
        (
          await other.inject({
            method: 'GET',
            url: '/api/n8n/my-processes',
            headers: { authorization: `Bearer ${me.token}` },
          })
        )
          .json()
          .map((p: { name: string }) => p.name);
      expect(await names()).toEqual(['Before']);
      await t.deps.database.db
        .update(processes)
        .set({ name: 'After' })
        .where(eq(processes.id, process.id));
      await expect.poll(names, { timeout: 1_000, interval: 20 }).toEqual(['After']);
    } finally {
      await other.close();
      await second.close();
    }
  });
});
