import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { outbox } from '#server/db/schema.ts';
import { createClient, createProcessFor } from '#test/support/portal.ts';
import { build } from '#test/support/test-app.ts';

// Failures counted during a burst's quiet period are told exactly once, even when the
// next failure comes after the period but before the minute job has told them: the
// notice it starts says how many were held.

const t = await build({
  config: loadConfig({ DATA_DIR: '.tmp/unused', LOG_LEVEL: 'silent' }),
});
const db = t.deps.database.db;
const notifier = t.app.notifier;
const MINUTE = 60_000;

const notices = (to: string) =>
  db
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, to), eq(outbox.kind, 'run-notice')))
    .orderBy(asc(outbox.createdAt));

/** How many failures a notice reports: its own, plus "N more failed runs". */
const failuresIn = (text: string) =>
  (text.match(/failed: /g)?.length ?? 0) +
  [...text.matchAll(/(\d+) more failed runs?/g)].reduce((sum, m) => sum + Number(m[1]), 0);

/** A Pro client who asked for mails, with one process. */
async function proWith(name: string, emailOnSkip = false) {
  const pro = await createClient(t, { plan: 'Pro' });
  await t.injectAs(pro.token, {
    method: 'PUT',
    url: '/api/settings/notifications',
    payload: { emailOnFailure: true, emailOnSkip, dailySummary: false },
  });
  return { pro, process: await createProcessFor(t, pro.user.id, { name }) };
}

describe('held failures', () => {
  it('are reported once when a new failure comes after the window, before the flush', async () => {
    const { pro, process } = await proWith('Ledger sync');
    const fail = async (at: Date, reason: string) => {
      notifier.notify({ processId: process.id, ownerId: pro.user.id, kind: 'failure', reason }, at);
      await notifier.idle();
    };
    const start = Date.now();

    await fail(new Date(start), 'first');
    await fail(new Date(start + MINUTE), 'second'); // held: within the quiet period
    expect(await notices(pro.user.email)).toHaveLength(1);
    // The window is over but the minute job has not run: a new failure arrives.
    await fail(new Date(start + 16 * MINUTE), 'third');
    // The minute job runs afterwards, and again much later: nothing is told twice.
    await notifier.flushHeld(new Date(start + 17 * MINUTE));
    await notifier.flushHeld(new Date(start + 40 * MINUTE));

    const texts = (await notices(pro.user.email)).map((mail) => mail.text);
    expect(texts).toHaveLength(2);
    expect(texts[1]).toContain('"Ledger sync" failed: third.');
    expect(texts[1]).toContain('Since the last notice, "Ledger sync" also had 1 more failed run.');
    expect(texts.reduce((sum, text) => sum + failuresIn(text), 0)).toBe(3);
  });

  it('tell held skips with a failure after the window, and nothing again at the flush', async () => {
    const { pro, process } = await proWith('Stock pull', true);
    const event = (kind: 'failure' | 'skip', at: number) => {
      notifier.notify(
        { processId: process.id, ownerId: pro.user.id, kind, reason: 'the plan allows less' },
        new Date(at),
      );
      return notifier.idle();
    };
    const start = Date.now();
    await event('failure', start);
    await event('skip', start + MINUTE);
    await event('skip', start + 2 * MINUTE);
    await event('failure', start + 20 * MINUTE);
    expect(await notifier.flushHeld(new Date(start + 60 * MINUTE))).toBe(0);
    const texts = (await notices(pro.user.email)).map((mail) => mail.text);
    expect(texts).toHaveLength(2);
    expect(texts[1]).toContain('Since the last notice, "Stock pull" also had 2 more skipped runs.');
  });

  it('count every failure once when events and the minute job race after the window', async () => {
    const { pro, process } = await proWith('Race sync');
    const event = { processId: process.id, ownerId: pro.user.id, kind: 'failure' as const };
    const start = Date.now();
    for (let i = 0; i < 3; i++)
      notifier.notify({ ...event, reason: `early ${i}` }, new Date(start));
    await notifier.idle();
    // Past the window: six failures at once on a pool of connections, with two runs of the
    // minute job (as two instances would) at the same moment.
    const later = new Date(start + 16 * MINUTE);
    for (let i = 0; i < 6; i++) notifier.notify({ ...event, reason: `late ${i}` }, later);
    await Promise.all([notifier.flushHeld(later), notifier.flushHeld(later), notifier.idle()]);
    await notifier.flushHeld(new Date(start + 40 * MINUTE));
    const texts = (await notices(pro.user.email)).map((mail) => mail.text);
    expect(texts.reduce((sum, text) => sum + failuresIn(text), 0)).toBe(9);
  });
});
