import { and, count, desc, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { processes, runs, users } from '#server/db/schema.ts';
import {
  ATTENTION_RECENT_DAYS,
  ATTENTION_SECTION_SIZE,
  type AttentionItem,
  runHref,
} from '#shared/attention.ts';

// Runs that need a look: interrupted lately (the server stopped mid-call, so nobody knows
// whether the workflow ran) and runs n8n has still not settled a while after they began.

const DAY_MS = 86_400_000;
/** A run n8n answers "respond immediately" to is followed for a while; this long is late. */
export const FOLLOWING_LATE_MS = 10 * 60_000;
/**
 * Runs looked at for interrupted ones, newest first. No index holds interrupted runs
 * alone (runs_running_idx and runs_following_idx are partial for their own states), so
 * the read walks runs_started_idx down from the newest run and stops here: interrupted
 * runs come in bursts when a server stops, and a burst sits among the newest runs.
 */
export const INTERRUPTED_SCAN = 20_000;

const label = (process: string, client: string, company: string | null) =>
  `${process} · ${company ? `${client} (${company})` : client}`;

async function interrupted(db: Db, now: Date) {
  const since = new Date(now.getTime() - ATTENTION_RECENT_DAYS * DAY_MS);
  const latest = db
    .select({ id: runs.id, state: runs.state, startedAt: runs.startedAt })
    .from(runs)
    .where(sql`${runs.startedAt} >= ${since.toISOString()}::timestamptz`)
    .orderBy(desc(runs.startedAt), desc(runs.id))
    .limit(INTERRUPTED_SCAN)
    .as('latest');
  const ids = db
    .select({ id: latest.id })
    .from(latest)
    .where(eq(latest.state, 'interrupted'))
    .orderBy(desc(latest.startedAt), desc(latest.id));
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        run: runs,
        process: processes.name,
        client: users.name,
        company: users.companyName,
      })
      .from(runs)
      .innerJoin(processes, eq(processes.id, runs.processId))
      .innerJoin(users, eq(users.id, runs.clientUserId))
      .where(sql`${runs.id} in (${ids.limit(ATTENTION_SECTION_SIZE)})`)
      .orderBy(desc(runs.startedAt), desc(runs.id)),
    db.select({ n: count() }).from(ids.as('interrupted')),
  ]);
  const items: AttentionItem[] = rows.map(({ run, process, client, company }) => ({
    id: run.id,
    kind: 'run_interrupted',
    title: label(process, client, company),
    detail: 'Interrupted: the server stopped during the call, so the outcome is not known.',
    at: run.startedAt.toISOString(),
    href: runHref(run.id),
  }));
  return { total: counted?.n ?? 0, items };
}

async function following(db: Db, now: Date) {
  const late = and(
    eq(runs.state, 'following'),
    lt(runs.startedAt, new Date(now.getTime() - FOLLOWING_LATE_MS)),
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        run: runs,
        process: processes.name,
        client: users.name,
        company: users.companyName,
      })
      .from(runs)
      .innerJoin(processes, eq(processes.id, runs.processId))
      .innerJoin(users, eq(users.id, runs.clientUserId))
      .where(late)
      .orderBy(desc(runs.startedAt), desc(runs.id))
      .limit(ATTENTION_SECTION_SIZE),
    db.select({ n: count() }).from(runs).where(late),
  ]);
  const items: AttentionItem[] = rows.map(({ run, process, client, company }) => ({
    id: run.id,
    kind: 'run_following',
    title: label(process, client, company),
    detail: 'Still waiting for n8n to say how the run ended.',
    at: run.startedAt.toISOString(),
    href: runHref(run.id),
  }));
  return { total: counted?.n ?? 0, items };
}

/** Interrupted and late runs together, newest first. */
export async function runsToLookAt(db: Db, now: Date) {
  const [stopped, waiting] = await Promise.all([interrupted(db, now), following(db, now)]);
  const items = [...stopped.items, ...waiting.items]
    .sort((a, b) => (b.at ?? '').localeCompare(a.at ?? ''))
    .slice(0, ATTENTION_SECTION_SIZE);
  return { total: stopped.total + waiting.total, items };
}
