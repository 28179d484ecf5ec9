import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '#server/db/client.ts';
import { processes, runs, schedules } from '#server/db/schema.ts';
import { createWebhookCaller } from '#server/integrations/n8n/webhook.ts';
import { nextRunAfter } from '#shared/scheduler.ts';
import { startFakeN8n } from '#test/support/fake-n8n.ts';
import { createClient } from '#test/support/portal.ts';
import { build } from '#test/support/test-app.ts';
import { createSchedulerLoop } from './scheduler-loop.ts';

// Two server instances on one PostgreSQL: every due schedule fires exactly once.
// PostgreSQL only (PGlite is one process by design), so this file runs in api-postgres.

const t = await build();
const n8n = await startFakeN8n();

describe('scheduler loop on two instances', () => {
  it('fires 200 schedules due at once exactly once each', async () => {
    const me = await createClient(t);
    const from = new Date('2031-05-01T11:59:30Z');
    const [process] = await t.deps.database.db
      .insert(processes)
      .values({ name: 'Fan-out', clientUserId: me.user.id, n8nWebhookUrl: n8n.url('/ok/fan') })
      .returning();
    const rows = Array.from({ length: 200 }, () => ({
      processId: process!.id,
      clientUserId: me.user.id,
      cron: '0 12 * * *',
      nextRunAt: nextRunAfter('0 12 * * *', null, from),
      shortestGapMinutes: 24 * 60,
    }));
    const inserted = await t.deps.database.db
      .insert(schedules)
      .values(rows)
      .returning({ id: schedules.id });
    const second = await openDatabase({ databaseUrl: t.deps.database.url });
    const caller = createWebhookCaller({ allowPrivate: true });
    const options = { n8n: caller, batchSize: 50, concurrency: 10 };
    const a = createSchedulerLoop({ db: t.deps.database.db, ...options });
    const b = createSchedulerLoop({ db: second.db, ...options });
    const at = new Date('2031-05-01T12:00:01Z');
    const drain = async (loop: typeof a) => {
      let total = 0;
      for (let n = await loop.tick(at); n > 0; n = await loop.tick(at)) total += n;
      return total;
    };
    const [firedA, firedB] = await Promise.all([drain(a), drain(b)]).finally(() => second.close());
    expect(firedA + firedB).toBe(200);
    expect(firedA).toBeGreaterThan(0);
    expect(firedB).toBeGreaterThan(0);
    const ids = inserted.map((r) => r.id);
    const recorded = await t.deps.database.db
      .select()
      .from(runs)
      .where(inArray(runs.scheduleId, ids));
    expect(recorded).toHaveLength(200);
    expect(new Set(recorded.map((r) => r.scheduleId)).size).toBe(200);
    expect(n8n.to('/ok/fan')).toHaveLength(200);
  });
});
