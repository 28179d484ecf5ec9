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
const label = (process: string, client: string, company: string | null) =>
  `${process} · ${company ? `${client} (${company})` : client}`;

async function interrupted(db: Db, now: Date) {
  // Read through runs_interrupted_idx (partial on the state), newest first.
  const recent = and(
    sql`${runs.state} = 'interrupted'`,
    sql`${runs.startedAt} >= ${new Date(now.getTime() - ATTENTION_RECENT_DAYS * DAY_MS).toISOString()}::timestamptz`,
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
      .where(recent)
      .orderBy(desc(runs.startedAt), desc(runs.id))
      .limit(ATTENTION_SECTION_SIZE),
    db.select({ n: count() }).from(runs).where(recent),
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
