import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { type ProcessRow, processes, processHealth, users } from '#server/db/schema.ts';
import { searchWords } from '#server/db/search.ts';
import { audit } from '#server/domain/audit/audit.ts';
import { processAuditDetails } from '#server/domain/processes/audit-details.ts';
import { insertProcess } from '#server/domain/processes/create.ts';
import { byHealth, sevenDayTotals } from '#server/domain/processes/health.ts';
import { runRefused } from '#server/domain/runs/refusal.ts';
import { findUserById } from '#server/domain/users/repository.ts';
import { badRequest, notFound } from '#server/http/errors.ts';
import { refusedAddressWarnings } from '#server/integrations/http/address-warnings.ts';
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

/**
 * A page of processes matching the search and client: newest first, or worst health
 * first (`sort: 'health'`, docs/decisions/029-operations-console.md).
 *
 * Newest first reads the page along the creation order. By health, every matching
 * process is ordered before the page is cut: one process_health row (its primary key) and
 * one row of the kept 7-day window totals per process, joined by hash, never a run. At
 * 20,000 processes that is a sort of 20,000 small rows a page (a few milliseconds), the
 * same whatever the number of runs; a client filter or search narrows it first.
 */
export async function listProcesses(
  db: Db,
  query: {
    limit: number;
    offset: number;
    q?: string;
    clientUserId?: string;
    sort?: 'newest' | 'health';
  },
) {
  const where = and(
    ...searchWords(query.q, [processes.name, processes.description, processes.n8nWebhookUrl]),
    query.clientUserId ? eq(processes.clientUserId, query.clientUserId) : undefined,
  );
  const select = db
    .select({
      process: processes,
      clientName: sql<string | null>`coalesce(nullif(trim(${users.name}), ''), ${users.email})`,
    })
    .from(processes)
    .leftJoin(users, eq(users.id, processes.clientUserId));
  const newest = [desc(processes.createdAt), desc(processes.id)];
  const page = async () => {
    if (query.sort !== 'health') {
      return select
        .where(where)
        .orderBy(...newest)
        .limit(query.limit)
        .offset(query.offset);
    }
    const sevenDays = await sevenDayTotals(db, query.clientUserId);
    return select
      .leftJoin(processHealth, eq(processHealth.processId, processes.id))
      .leftJoin(sevenDays, eq(sevenDays.processId, processes.id))
      .where(where)
      .orderBy(...byHealth(sevenDays), ...newest)
      .limit(query.limit)
      .offset(query.offset);
  };
  const [rows, [total]] = await Promise.all([
    page(),
    db.select({ n: count() }).from(processes).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
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
