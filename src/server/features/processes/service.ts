import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import {
  countUpTo,
  exactTime,
  type KeysetPosition,
  keysetPage,
  pastPosition,
} from '#server/db/keyset.ts';
import { type ProcessRow, processes, processHealth, users } from '#server/db/schema.ts';
import { searchWords } from '#server/db/search.ts';
import { audit } from '#server/domain/audit/audit.ts';
import { processAuditDetails } from '#server/domain/processes/audit-details.ts';
import { insertProcess } from '#server/domain/processes/create.ts';
import { byHealth, healthKeys, sevenDayTotals } from '#server/domain/processes/health.ts';
import { runRefused } from '#server/domain/runs/refusal.ts';
import { findUserById } from '#server/domain/users/repository.ts';
import { badRequest, notFound } from '#server/http/errors.ts';
import { refusedAddressWarnings } from '#server/integrations/http/address-warnings.ts';
import { pageCursorMessage } from '#shared/page-cursor.ts';
import { countCapFor } from '#shared/paging.ts';
import {
  authKindsSet,
  isWebhookTestUrl,
  processMessages,
  type UpdateProcess,
} from '#shared/processes.ts';
import { mayRun, type RunTarget } from '#shared/run-policy.ts';

// Admin management of processes. The audit log names a changed webhook address or
// credential, never its value (domain/processes/audit-details.ts).

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NOT_FOUND = 'Process not found.';

export async function findProcess(db: Db, id: string): Promise<ProcessRow | undefined> {
  if (!UUID.test(id)) return undefined;
  const [row] = await db.select().from(processes).where(eq(processes.id, id));
  return row;
}

export async function requireProcess(db: Db, id: string): Promise<ProcessRow> {
  const row = await findProcess(db, id);
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

/** An admin's test calls the process's own webhook, paused or not, whatever the plan (409 without one). */
export function testRunTarget(process: ProcessRow): RunTarget {
  const decision = mayRun(null, process, { trigger: 'test' });
  if (!decision.allowed) throw runRefused(decision);
  return decision.target;
}

export interface ProcessListQuery {
  limit: number;
  q?: string;
  clientUserId?: string;
  sort?: 'newest' | 'health';
  /** The last process of the page before: this page starts after it, in the list's order. */
  after?: KeysetPosition;
}

/**
 * A page of processes matching the search and client: newest first, or worst health
 * first (`sort: 'health'`, docs/decisions/029-operations-console.md), after the process
 * the page before ended on (docs/decisions/030), and how many match up to the cap.
 *
 * Newest first reads the page along the creation order. By health, every matching
 * process is ordered before the page is cut: one process_health row (its primary key) and
 * one row of the kept 7-day window totals per process, joined by hash, never a run. At
 * 20,000 processes that is a sort of 20,000 small rows a page (a few milliseconds), the
 * same whatever the number of runs; a client filter or search narrows it first.
 */
export async function listProcesses(db: Db, query: ProcessListQuery) {
  const matching = and(
    ...searchWords(query.q, [processes.name, processes.description, processes.n8nWebhookUrl]),
    query.clientUserId ? eq(processes.clientUserId, query.clientUserId) : undefined,
  );
  const [rows, counted] = await Promise.all([
    query.sort === 'health' ? worstFirst(db, matching, query) : newestFirst(db, matching, query),
    countUpTo(db, processes, matching, countCapFor(query.q)),
  ]);
  const { page, nextCursor } = keysetPage(rows, query.limit, (row) => ({
    at: row.at,
    id: row.process.id,
  }));
  return { rows: page, counted, cap: countCapFor(query.q), nextCursor };
}

const listed = (db: Db) =>
  db
    .select({
      process: processes,
      at: exactTime(processes.createdAt),
      clientName: sql<string | null>`coalesce(nullif(trim(${users.name}), ''), ${users.email})`,
    })
    .from(processes)
    .leftJoin(users, eq(users.id, processes.clientUserId));

const newest = [desc(processes.createdAt), desc(processes.id)];

/** A cursor names a process this list gave, to the microsecond, or it is refused. */
const listedAt = (after: KeysetPosition) =>
  and(eq(processes.id, after.id), sql`${processes.createdAt} = ${after.at}::timestamptz`);

const refusedCursor = () => badRequest(pageCursorMessage, { after: pageCursorMessage });

async function newestFirst(db: Db, matching: SQL | undefined, query: ProcessListQuery) {
  const { after } = query;
  if (after) {
    const [found] = await db.select({ id: processes.id }).from(processes).where(listedAt(after));
    if (!found) throw refusedCursor();
  }
  return listed(db)
    .where(
      and(
        matching,
        after ? pastPosition(processes.createdAt, processes.id, after, 'older') : undefined,
      ),
    )
    .orderBy(...newest)
    .limit(query.limit + 1);
}

/**
 * Worst health first. The page starts after the cursor's process as its health stands
 * now (read again, so a process that failed since moves, and the pages stay in one order).
 */
async function worstFirst(db: Db, matching: SQL | undefined, query: ProcessListQuery) {
  const sevenDays = await sevenDayTotals(db, query.clientUserId);
  const { streak, rate } = healthKeys(sevenDays);
  const withHealth = <T extends ReturnType<typeof listed>>(select: T) =>
    select
      .leftJoin(processHealth, eq(processHealth.processId, processes.id))
      .leftJoin(sevenDays, eq(sevenDays.processId, processes.id));
  let past: SQL | undefined;
  if (query.after) {
    // The rate as text: float8's text is exact, so it compares back equal.
    const [position] = await db
      .select({ streak, rate: sql<string | null>`(${rate})::text` })
      .from(processes)
      .leftJoin(processHealth, eq(processHealth.processId, processes.id))
      .leftJoin(sevenDays, eq(sevenDays.processId, processes.id))
      .where(listedAt(query.after));
    if (!position) throw refusedCursor();
    past = afterInHealthOrder({ streak, rate }, { ...position, ...query.after });
  }
  return withHealth(listed(db))
    .where(and(matching, past))
    .orderBy(...byHealth(sevenDays), ...newest)
    .limit(query.limit + 1);
}

/**
 * The processes after one in the health order (failures in a row descending, the 7-day
 * rate ascending with no runs last, then newest first). The keys sort in different
 * directions, so one row comparison cannot say it: each key is compared in turn.
 */
function afterInHealthOrder(
  keys: { streak: SQL; rate: SQL },
  from: { streak: number; rate: string | null } & KeysetPosition,
): SQL {
  const older = pastPosition(processes.createdAt, processes.id, from, 'older');
  const sameRateOrAfter =
    from.rate === null
      ? sql`(${keys.rate} is null and ${older})`
      : sql`(${keys.rate} > ${from.rate}::float8 or ${keys.rate} is null
             or (${keys.rate} = ${from.rate}::float8 and ${older}))`;
  return sql`(${keys.streak} < ${from.streak} or (${keys.streak} = ${from.streak} and ${sameRateOrAfter}))`;
}

/** Creates a process for a client (domain/processes/create.ts). */
export const createProcess = insertProcess;

async function assertClientExists(db: Db, clientUserId: string) {
  const client = await findUserById(db, clientUserId);
  if (!client) {
    throw badRequest('Choose an existing client.', { clientUserId: 'Choose an existing client.' });
  }
}

export async function updateProcess(db: Db, actorId: string, id: string, input: UpdateProcess) {
  const existing = await requireProcess(db, id);
  if (input.clientUserId) await assertClientExists(db, input.clientUserId);
  // A PATCH may set one kind of auth while the process holds another: check the result.
  if (authKindsSet({ ...existing, ...input }) > 1) {
    throw badRequest(processMessages.authConflict, {
      webhookAuthKey: processMessages.authConflict,
    });
  }
  const [row] = await db
    .update(processes)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(processes.id, existing.id))
    .returning();
  if (!row) throw notFound(NOT_FOUND);
  const onlyToggle = Object.keys(input).length === 1 && input.isActive !== undefined;
  const message = onlyToggle
    ? `Process "${row.name}" ${row.isActive ? 'activated' : 'paused'}`
    : `Process "${row.name}" updated`;
  await audit(db, {
    source: 'processes',
    message,
    userId: row.clientUserId,
    actorId,
    processId: row.id,
    details: processAuditDetails(input),
  });
  return row;
}

/**
 * What the admin should know about a save that still succeeds: an n8n test URL, and each
 * URL saved here that the SSRF guard will refuse at run time.
 */
export async function addressWarnings(input: UpdateProcess, allowPrivate: boolean) {
  const testUrl = isWebhookTestUrl(input.n8nWebhookUrl) ? [processMessages.webhookTest] : [];
  const refused = await refusedAddressWarnings(
    [
      { label: 'webhook URL', url: input.n8nWebhookUrl },
      { label: 'fallback URL', url: input.inactiveFallbackWebhookUrl },
    ],
    { allowPrivate, audience: 'admin' },
  );
  return [...testUrl, ...refused];
}
