import type { z } from 'zod';
import type { Db } from '#server/db/client.ts';
import { positionOf } from '#server/db/keyset.ts';
import { type Account, accountCapabilities } from '#server/domain/accounts/account.ts';
import {
  listAccountProcesses,
  requireAccountProcess,
} from '#server/domain/processes/account-processes.ts';
import { lastRuns, recentRuns, runToJson } from '#server/domain/runs/history.ts';
import { findUsersByIds } from '#server/domain/users/repository.ts';
import type { MyProcess } from '#shared/processes.ts';
import type { RunHistory, RunHistoryQuerySchema } from '#shared/runs.ts';
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
  const ids = [...new Set(rows.map((r) => r.triggeredBy).filter((id): id is string => !!id))];
  const names = new Map((await findUsersByIds(db, ids)).map((u) => [u.id, u.name || u.email]));
  return {
    retentionDays: logsRetentionDays,
    runs: rows.map((r) => runToJson(r, names)),
    nextCursor,
  };
}
