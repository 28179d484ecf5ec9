import type { FastifyInstance, FastifyRequest } from 'fastify';
import { actorIdOf } from '#server/auth/guards.ts';
import { type Account, accountCapabilities } from '#server/domain/accounts/account.ts';
import { DomainError } from '#server/domain/errors.ts';
import {
  manualRunTarget,
  requireAccountProcess,
} from '#server/domain/processes/account-processes.ts';
import { findAccountRun, runsToJson } from '#server/domain/runs/history.ts';
import { settleWithin, startRun } from '#server/domain/runs/service.ts';
import { MANUAL_WAIT_MS, mayRetry, type RetriedRun, retryMessages } from '#shared/runs.ts';
import { checkedInputs } from './inputs.ts';
import { runContextOf } from './run-context.ts';

// Run again (shared/api/run-retry.ts): the same process and inputs under the rules of a
// run by hand, now, as a new run that names the one it runs again.

export async function retryRun(
  app: FastifyInstance,
  request: FastifyRequest,
  account: Account,
  runId: string,
  /** An admin from the Runs screen, who may run any ended run again like a test session. */
  byAdmin = false,
): Promise<RetriedRun> {
  const { db } = app.deps.database;
  const { logsRetentionDays } = accountCapabilities(account);
  const earlier = await findAccountRun(db, account.owner.id, runId, logsRetentionDays);
  if (!earlier) throw new DomainError('not-found', 'Run not found.');
  // An admin testing as the client may run any ended run again; the client, what failed.
  if (!mayRetry(earlier, byAdmin || !!request.claims?.imp)) {
    const underWay = earlier.state === 'running' || earlier.state === 'following';
    throw new DomainError(
      'conflict',
      underWay ? retryMessages.underWay : retryMessages.notRetryable,
    );
  }
  const process = await requireAccountProcess(db, account, earlier.processId);
  const target = manualRunTarget(account, process);
  // The process's inputs may have changed since: the earlier values are checked again.
  const inputs = checkedInputs(process.inputFields, earlier.inputs ?? undefined);
  const started = await startRun(
    runContextOf(app),
    process,
    { trigger: 'manual', triggeredBy: actorIdOf(request), inputs, target, retryOf: earlier.id },
    { maxInFlight: app.deps.config.runsInFlightPerAccount },
  );
  started.done.catch((error: unknown) => request.log.error({ err: error }, 'run failed'));
  const settled = await settleWithin(started.done, MANUAL_WAIT_MS);
  const [run] = await runsToJson(db, [settled?.run ?? started.run]);
  return { run: run! };
}
