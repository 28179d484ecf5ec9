import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorIdOf, currentUser, requireUser } from '#server/auth/guards.ts';
import { positionOf } from '#server/db/keyset.ts';
import {
  type Account,
  accountCapabilities,
  resolveAccount,
} from '#server/domain/accounts/account.ts';
import {
  listAccountProcesses,
  manualRunTarget,
  requireAccountProcess,
} from '#server/domain/processes/account-processes.ts';
import { lastRuns, recentRuns, runToJson } from '#server/domain/runs/history.ts';
import { settleWithin, startRun } from '#server/domain/runs/service.ts';
import { findUsersByIds } from '#server/domain/users/repository.ts';
import { HttpError } from '#server/http/errors.ts';
import { ErrorSchema } from '#shared/answers.ts';
import { PageCursorSchema } from '#shared/page-cursor.ts';
import { TriggerRunSchema } from '#shared/process-inputs.ts';
import { type MyProcess, MyProcessSchema } from '#shared/processes.ts';
import { RunHistorySchema, runMessages } from '#shared/runs.ts';
import { PAYLOAD_DESCRIPTION } from '#shared/webhook-payload.ts';
import { checkedInputs } from './inputs.ts';
import { runContextOf } from './run-context.ts';
import { processToClientJson } from './to-json.ts';

// The client portal's process calls (SPEC §7 Client portal): list, trigger, run history.

const MyProcessListSchema = z.array(MyProcessSchema);

/** How long Run waits for the workflow before answering 202 (it goes on meanwhile). */
export const MANUAL_WAIT_MS = 25_000;

export const clientProcessRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, config } = app.deps;
  const db = database.db;
  app.addHook('onRequest', requireUser);
  const common = { tags: ['portal: processes'], security: [{ bearer: [] }] };
  const accountOf = (request: Parameters<typeof currentUser>[0]) =>
    resolveAccount(db, currentUser(request), app.readCache);

  app.get(
    '/my-processes',
    {
      schema: {
        ...common,
        summary: "The account's processes",
        response: { 200: MyProcessListSchema },
      },
    },
    async (request, reply) => {
      const account = await accountOf(request);
      // Kept in memory, checked and serialised once, until a process, a run or the
      // owner's plan changes (cache/). A string is sent as it is.
      const json = await app.readCache.processList(account.owner.id, async () =>
        JSON.stringify(MyProcessListSchema.parse(await listWithLastRuns(account))),
      );
      // The type provider expects the object; Fastify sends a JSON string unchanged.
      return reply.type('application/json; charset=utf-8').send(json as unknown as MyProcess[]);
    },
  );

  async function listWithLastRuns(account: Account): Promise<MyProcess[]> {
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
            }
          : null,
      };
    });
  }

  app.post(
    '/trigger/:processId',
    {
      schema: {
        ...common,
        summary: 'Run a workflow now; answers with the webhook status and body as text',
        description: `No body, or { inputs } for a process with inputs. The webhook's 2xx answer passes through as text; 202 when n8n only accepted the run ("respond immediately") or the workflow is still running after ${MANUAL_WAIT_MS / 1000} s (its result then appears in the run history). ${PAYLOAD_DESCRIPTION}`,
        params: z.object({ processId: z.string().min(1).max(100) }),
        body: TriggerRunSchema,
        response: {
          400: ErrorSchema,
          402: ErrorSchema,
          403: ErrorSchema,
          404: ErrorSchema,
          409: ErrorSchema,
          429: ErrorSchema,
          502: ErrorSchema,
          504: ErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const account = await accountOf(request);
      const process = await requireAccountProcess(db, account, request.params.processId);
      const target = manualRunTarget(account, process);
      const inputs = checkedInputs(process.inputFields, request.body?.inputs);
      const started = await startRun(
        runContextOf(app),
        process,
        { trigger: 'manual', triggeredBy: actorIdOf(request), inputs, target },
        { maxInFlight: config.runsInFlightPerAccount },
      );
      started.done.catch((error: unknown) => request.log.error({ err: error }, 'run failed'));
      const settled = await settleWithin(started.done, MANUAL_WAIT_MS);
      const text = (status: number, body: string) =>
        reply
          .code(status as never)
          .type('text/plain; charset=utf-8')
          .send(body as never);
      if (!settled) return text(202, runMessages.stillRunning);
      const { run, result } = settled;
      if (result.status === null) {
        const timedOut = result.error?.kind === 'timeout';
        throw new HttpError(
          timedOut ? 504 : 502,
          `The workflow could not be reached: ${result.error?.message}`,
        );
      }
      if (!result.ok) {
        throw new HttpError(502, `The workflow answered ${result.status}: ${result.body}`);
      }
      if (run.state === 'following') return text(202, runMessages.following);
      if (run.state === 'accepted') return text(202, runMessages.accepted);
      // The webhook's own 2xx status and body pass through as text (SPEC §7 reads it as
      // text). No response schema for 2xx, so Fastify sends the string untouched.
      return text(result.status, result.body);
    },
  );

  app.get(
    '/processes/:processId/runs',
    {
      schema: {
        ...common,
        summary: "A process's recent runs within the plan's log retention",
        params: z.object({ processId: z.string().min(1).max(100) }),
        querystring: z.object({
          status: z.enum(['ok', 'failed']).optional(),
          limit: z.coerce.number().int().min(1).max(500).default(100),
          /** Older runs: those before the page that answered this nextCursor. */
          before: PageCursorSchema.optional(),
        }),
        response: {
          200: RunHistorySchema,
          404: ErrorSchema,
        },
      },
    },
    async (request) => {
      const account = await accountOf(request);
      const process = await requireAccountProcess(db, account, request.params.processId);
      const { logsRetentionDays } = accountCapabilities(account);
      const { before, ...query } = request.query;
      const { runs: rows, nextCursor } = await recentRuns(db, process.id, {
        ...query,
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
    },
  );
};
