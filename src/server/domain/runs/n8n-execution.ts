import { and, gte, inArray, isNotNull, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/client.ts';
import { type RunRow, runs } from '#server/db/schema.ts';
import type { N8nApi, N8nExecutionDetail } from '#server/integrations/n8n/api.ts';

// Finding n8n's execution of a run (docs/decisions/024-runs-confirmed-by-n8n.md): the one
// whose trigger received the run's id, else the unclaimed one that started nearest the
// call. Right after the answer n8n may not have saved it yet, so the look-up is tried a
// few times within about a second; after that the follow-up job goes on looking.

/** Runs that may have claimed an execution near a call started this close to it. */
const CLAIM_SPAN_MS = 5 * 60_000;
const RETRY_DELAYS_MS = [0, 250, 750];

/** Executions already matched to runs of these processes started near these times. */
export async function claimedExecutions(
  db: Db,
  processIds: string[],
  from: Date,
  to: Date = from,
): Promise<Set<string>> {
  if (processIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ id: runs.n8nExecutionId })
    .from(runs)
    .where(
      and(
        inArray(runs.processId, processIds),
        isNotNull(runs.n8nExecutionId),
        gte(runs.startedAt, new Date(from.getTime() - CLAIM_SPAN_MS)),
        lte(runs.startedAt, new Date(to.getTime() + CLAIM_SPAN_MS)),
      ),
    );
  return new Set(rows.map((r) => r.id).filter((id): id is string => id !== null));
}

/** The run's execution right after its answer; null when none shows (or n8n's API fails). */
export async function executionOfRun(
  db: Db,
  api: N8nApi,
  run: Pick<RunRow, 'id' | 'processId' | 'startedAt'>,
  workflowId: string,
  log?: FastifyBaseLogger,
): Promise<N8nExecutionDetail | null> {
  for (const delay of RETRY_DELAYS_MS) {
    if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
    try {
      const exclude = await claimedExecutions(db, [run.processId], run.startedAt);
      const found = await api.findExecution({
        workflowId,
        runId: run.id,
        calledAt: run.startedAt,
        exclude,
      });
      if (found) return found;
    } catch (error) {
      log?.warn({ err: error, runId: run.id }, 'n8n execution look-up failed; following up');
      return null;
    }
  }
  return null;
}
