import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '#server/api/serve.ts';
import { actorIdOf, currentUser } from '#server/auth/guards.ts';
import type { RunRow } from '#server/db/schema.ts';
import { resolveAccount } from '#server/domain/accounts/account.ts';
import {
  manualRunTarget,
  requireAccountProcess,
} from '#server/domain/processes/account-processes.ts';
import { settleWithin, startRun } from '#server/domain/runs/service.ts';
import { HttpError } from '#server/http/errors.ts';
import type { WebhookResult } from '#server/integrations/n8n/webhook.ts';
import { processesApi as api } from '#shared/api/processes.ts';
import type { MyProcess } from '#shared/processes.ts';
import { clientRunError, shownAnswer } from '#shared/run-answers.ts';
import { MANUAL_WAIT_MS, runMessages } from '#shared/runs.ts';
import { checkedInputs } from './inputs.ts';
import { accountRun, listWithLastRuns, runHistory } from './portal-service.ts';
import { runContextOf } from './run-context.ts';

// The client portal's process calls (SPEC §7 Client portal): list, trigger, run history.

/** Run's answer for a run that failed: in words a client reads (shared/run-answers.ts). */
function runFailure(run: RunRow, result: WebhookResult): HttpError {
  const message = clientRunError(run.errorKind, run.error);
  if (run.errorKind === 'execution') return new HttpError(502, `The workflow failed: ${message}`);
  if (result.status !== null) {
    return new HttpError(502, `The workflow answered ${result.status}: ${result.body}`);
  }
  return new HttpError(run.errorKind === 'timeout' ? 504 : 502, message ?? 'No answer.');
}

export const clientProcessRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, config } = app.deps;
  const db = database.db;
  const accountOf = (request: Parameters<typeof currentUser>[0]) =>
    resolveAccount(db, currentUser(request), app.readCache);
  const listSchema = api.mine.responses[200];

  serve(app, api.mine, async (request, reply) => {
    const account = await accountOf(request);
    // Kept in memory, checked and serialised once, until a process, a run or the
    // owner's plan changes (cache/). A string is sent as it is.
    const json = await app.readCache.processList(account.owner.id, async () =>
      JSON.stringify(listSchema.parse(await listWithLastRuns(db, account))),
    );
    // The type provider expects the object; Fastify sends a JSON string unchanged.
    return reply.type('application/json; charset=utf-8').send(json as unknown as MyProcess[]);
  });

  serve(app, api.trigger, async (request, reply) => {
    const account = await accountOf(request);
    const process = await requireAccountProcess(db, account, request.params.processId);
    // A run from the client's own software is told apart in the history (decision 025).
    const { apiToken } = request;
    const trigger = apiToken ? 'api' : 'manual';
    const target = manualRunTarget(account, process, trigger);
    const inputs = checkedInputs(process.inputFields, request.body?.inputs);
    const started = await startRun(
      runContextOf(app),
      process,
      { trigger, triggeredBy: actorIdOf(request), inputs, target, apiTokenId: apiToken?.id },
      { maxInFlight: config.runsInFlightPerAccount },
    );
    started.done.catch((error: unknown) => request.log.error({ err: error }, 'run failed'));
    // Software that gets a 202 reads the run back by this id (GET /api/n8n/runs/:runId).
    reply.header('x-run-id', started.run.id);
    const settled = await settleWithin(started.done, MANUAL_WAIT_MS);
    const text = (status: number, body: string) =>
      reply
        .code(status as never)
        .type('text/plain; charset=utf-8')
        .send(body as never);
    if (!settled) return text(202, runMessages.stillRunning);
    const { run, result } = settled;
    if (run.state === 'finished' && run.ok === false) throw runFailure(run, result);
    // No answer in time while n8n's execution goes on: said as a timeout all the same.
    if (run.errorKind === 'timeout') throw new HttpError(504, run.error ?? 'No answer.');
    if (run.state === 'following') return text(202, runMessages.following);
    if (run.state === 'accepted') return text(202, runMessages.accepted);
    // The webhook's own 2xx status and body pass through as text (SPEC §7 reads it as
    // text), a file as what it is. No response schema for 2xx: Fastify sends the string.
    return text(result.ok ? result.status! : 200, shownAnswer(result.body, result.answer));
  });

  serve(app, api.runs, async (request) =>
    runHistory(db, await accountOf(request), request.params.processId, request.query),
  );

  serve(app, api.run, async (request) =>
    accountRun(db, await accountOf(request), request.params.runId),
  );
};
