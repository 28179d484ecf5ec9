import { and, count, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { alertIncidents, processes, processHealth, users } from '#server/db/schema.ts';
import { healthOf } from '#server/domain/processes/health.ts';
import type { AlertKind } from '#shared/alerts.ts';
import {
  ATTENTION_SECTION_SIZE,
  type AttentionItem,
  type FailingProcess,
  failuresHref,
} from '#shared/attention.ts';
import { paths } from '#shared/paths.ts';

// Processes failing and the alerts still open. Both read small sets kept for this: the
// processes whose latest runs failed (process_health's partial index on failures in a row,
// docs/decisions/029-operations-console.md) and the incidents not cleared (a partial
// index), never the runs themselves.

const failingNow = gt(processHealth.failuresInARow, 0);
// A closed account's processes no longer run: nothing there to deal with.
const openAccount = isNull(users.closedAt);

export async function failingProcesses(
  db: Db,
): Promise<{ total: number; items: FailingProcess[] }> {
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        health: processHealth,
        processName: processes.name,
        clientName: users.name,
        company: users.companyName,
      })
      .from(processHealth)
      .innerJoin(processes, eq(processes.id, processHealth.processId))
      .innerJoin(users, eq(users.id, processHealth.clientUserId))
      .where(and(failingNow, openAccount))
      // Newest failure first: what broke this morning before what broke last week.
      .orderBy(desc(processHealth.lastFailureAt), desc(processHealth.processId))
      .limit(ATTENTION_SECTION_SIZE),
    db
      .select({ n: count() })
      .from(processHealth)
      .innerJoin(users, eq(users.id, processHealth.clientUserId))
      .where(and(failingNow, openAccount)),
  ]);
  // A failure without error text (the webhook answered an error status) is said from its
  // run, as the process list says it: one run read by primary key per listed process.
  const said = await healthOf(
    db,
    rows.map((row) => row.health.processId),
    'admin',
  );
  return {
    total: counted?.n ?? 0,
    items: rows.map(({ health, processName, clientName, company }) => ({
      processId: health.processId,
      processName,
      clientId: health.clientUserId,
      clientName: company ? `${clientName} (${company})` : clientName,
      failuresInARow: health.failuresInARow,
      failingSince: health.failingSince?.toISOString() ?? null,
      lastFailureAt: health.lastFailureAt?.toISOString() ?? null,
      lastError: health.lastError ?? said.get(health.processId)?.lastError ?? null,
      runsHref: failuresHref(health.processId),
      clientHref: paths.adminClient(health.clientUserId),
    })),
  };
}

/** Where an incident is dealt with, by what it is about. */
function incidentHref(kind: AlertKind, processId: string | null, clientId: string | null): string {
  if (kind === 'mail_failing') return paths.adminOutbox;
  if (kind === 'n8n_unreachable') return paths.adminEnvironment;
  if (processId) return failuresHref(processId);
  if (clientId) return paths.adminClient(clientId);
  return paths.adminEnvironment;
}

/**
 * Open incidents, but for a process failing in a row: the section above already shows
 * each of those with its error.
 */
export async function openAlerts(db: Db): Promise<{ total: number; items: AttentionItem[] }> {
  const open = and(isNull(alertIncidents.clearedAt), ne(alertIncidents.kind, 'process_failing'));
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(alertIncidents)
      .where(open)
      .orderBy(desc(alertIncidents.openedAt), desc(alertIncidents.id))
      .limit(ATTENTION_SECTION_SIZE),
    db.select({ n: count() }).from(alertIncidents).where(open),
  ]);
  return {
    total: counted?.n ?? 0,
    items: rows.map((row) => ({
      id: row.id,
      kind: 'alert',
      title: row.title,
      detail: row.cause,
      at: row.openedAt.toISOString(),
      href: incidentHref(row.kind, row.processId, row.clientUserId),
    })),
  };
}
