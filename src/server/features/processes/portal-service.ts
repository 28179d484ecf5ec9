import type { z } from 'zod';
import type { Db } from '#server/db/client.ts';
import { positionOf } from '#server/db/keyset.ts';
import { type Account, accountCapabilities } from '#server/domain/accounts/account.ts';
import { DomainError } from '#server/domain/errors.ts';
import {
  listAccountProcesses,
  requireAccountProcess,
} from '#server/domain/processes/account-processes.ts';
import { findAccountRun, lastRuns, recentRuns, runsToJson } from '#server/domain/runs/history.ts';
import type { MyProcess } from '#shared/processes.ts';
import type { Run, RunHistory, RunHistoryQuerySchema } from '#shared/runs.ts';
import { processToClientJson } from './to-json.ts';

// What the client portal reads of its account's processes: the list with each one's
// newest run, and a process's run history, both within the plan's log retention.

export async function listWithLastRuns(db: Db, account: Account): Promise<MyProcess[]> {
  const rows = await listAccountProcesses(db, account);
  const last = await lastRuns(
    db,
    rows.map((r) => r.id),
    accountCapabilities(account).logsRetentionDays,
  );
  return rows.map((row) => {
    const run = last.get(row.id);
    return {
      ...processToClientJson(row),
      lastRun: run
        ? {
            startedAt: run.startedAt.toISOString(),
            state: run.state,
            ok: run.ok,
            statusCode: run.statusCode,
            durationMs: run.durationMs,
            trigger: run.trigger,
            confirmedByN8n: run.confirmedByN8n,
            errorKind: run.errorKind,
          }
        : null,
    };
  });
}

/** A page of the process's runs, newest first, with who started each (404: not the account's). */
export async function runHistory(
  db: Db,
  account: Account,
  processId: string,
  query: z.output<typeof RunHistoryQuerySchema>,
): Promise<RunHistory> {
  const process = await requireAccountProcess(db, account, processId);
  const { logsRetentionDays } = accountCapabilities(account);
  const { before, ...rest } = query;
  const { runs: rows, nextCursor } = await recentRuns(db, process.id, {
    ...rest,
    before: before ? positionOf(before) : undefined,
    retentionDays: logsRetentionDays,
  });
  return { retentionDays: logsRetentionDays, runs: await runsToJson(db, rows), nextCursor };
}

/**
 * One run of the account's processes within the plan's log retention, as the run history
 * shows it: what a script that started a run polls (404: not the account's, or too old).
 */
export async function accountRun(db: Db, account: Account, runId: string): Promise<Run> {
  const { logsRetentionDays } = accountCapabilities(account);
  const row = await findAccountRun(db, account.owner.id, runId, logsRetentionDays);
  if (!row) throw new DomainError('not-found', 'Run not found.');
  const [run] = await runsToJson(db, [row]);
  return run!;
}
