import { and, desc, eq, gte, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { exactTime, type KeysetPosition, keysetPage, pastPosition } from '#server/db/keyset.ts';
import { processes, type RunRow, runs, users } from '#server/db/schema.ts';
import { runsToJson } from '#server/domain/runs/history.ts';
import { describeHeaders } from '#server/integrations/n8n/webhook.ts';
import type { AdminRun, AdminRunsQuery } from '#shared/admin-runs.ts';

// Runs of every client, newest first by (started_at, id), a page at a time after the
// last run of the page before, compared as the database keeps the time
// (docs/decisions/019-keyset-at-database-precision.md). A client or process filter reads
// runs_client_started_idx or runs_process_started_idx from the newest run down.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type AdminRunsFilter = Omit<AdminRunsQuery, 'cursor'> & { before?: KeysetPosition };

/** The day after a YYYY-MM-DD day, for an end day that is included. */
const dayAfter = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

function conditions(filter: AdminRunsFilter): SQL[] {
  const where: (SQL | undefined)[] = [
    filter.clientId ? eq(runs.clientUserId, filter.clientId) : undefined,
    filter.processId ? eq(runs.processId, filter.processId) : undefined,
    filter.state ? eq(runs.state, filter.state) : undefined,
    // A constant, not a parameter: failures are read through their partial index.
    filter.outcome
      ? filter.outcome === 'ok'
        ? sql`${runs.ok}`
        : sql`${runs.ok} = false`
      : undefined,
    filter.trigger ? eq(runs.trigger, filter.trigger) : undefined,
    filter.from ? gte(runs.startedAt, sql`${filter.from}::timestamptz`) : undefined,
    filter.to ? lt(runs.startedAt, sql`${dayAfter(filter.to)}::timestamptz`) : undefined,
    filter.before ? pastPosition(runs.startedAt, runs.id, filter.before, 'older') : undefined,
  ];
  if (filter.q) {
    // An exact match either way; a text that is no UUID can only be an execution id.
    const byExecution = eq(runs.n8nExecutionId, filter.q);
    where.push(UUID.test(filter.q) ? or(eq(runs.id, filter.q), byExecution) : byExecution);
  }
  return where.filter((c): c is SQL => c !== undefined);
}

/** What the admin may read of the webhook called: host and path, nothing after them. */
export function targetOf(url: string | null): string | null {
  if (!url) return null;
  try {
    const { host, pathname } = new URL(url);
    return `${host}${pathname}`;
  } catch {
    return null;
  }
}

/** n8n's editor page of an execution (<base>/workflow/<id>/executions/<execution>). */
export function executionUrlOf(
  base: string | null,
  workflowId: string | null,
  executionId: string | null,
): string | null {
  if (!base || !workflowId || !executionId) return null;
  return `${base}/workflow/${encodeURIComponent(workflowId)}/executions/${encodeURIComponent(executionId)}`;
}

export async function listAdminRuns(
  db: Db,
  filter: AdminRunsFilter,
  limit: number,
  n8nBase: string | null,
): Promise<{ runs: AdminRun[]; nextCursor: string | null }> {
  const rows = await db
    .select({
      run: runs,
      at: exactTime(runs.startedAt),
      client: { id: users.id, name: users.name, email: users.email, company: users.companyName },
      process: {
        id: processes.id,
        name: processes.name,
        workflowId: processes.n8nWorkflowId,
        method: processes.httpMethod,
        authKey: processes.webhookAuthKey,
        authHeaderName: processes.webhookAuthHeaderName,
        authUseBearer: processes.webhookAuthUseBearer,
        basicUser: processes.webhookAuthBasicUser,
        jwtSecret: processes.webhookAuthJwtSecret,
      },
    })
    .from(runs)
    .innerJoin(processes, eq(processes.id, runs.processId))
    .innerJoin(users, eq(users.id, runs.clientUserId))
    .where(and(...conditions(filter)))
    .orderBy(desc(runs.startedAt), desc(runs.id))
    .limit(limit + 1);
  const { page, nextCursor } = keysetPage(rows, limit, ({ run, at }) => ({ at, id: run.id }));
  const asClientSees = await runsToJson(
    db,
    page.map(({ run }) => run),
  );
  return {
    runs: page.map(({ run, client, process }, i) => ({
      ...(asClientSees[i] as AdminRun),
      ...adminFields(run, n8nBase, process.workflowId),
      headersSent: describeHeaders(process, run.id),
      client,
      process: { id: process.id, name: process.name },
    })),
    nextCursor,
  };
}

const adminFields = (run: RunRow, n8nBase: string | null, workflowId: string | null) => ({
  adminError: run.error,
  errorNode: run.errorNode,
  target: targetOf(run.targetUrl),
  usedFallback: run.usedFallback,
  n8nExecutionUrl: executionUrlOf(n8nBase, workflowId, run.n8nExecutionId),
});
