import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '#server/api/serve.ts';
import { currentUser } from '#server/auth/guards.ts';
import { positionOf } from '#server/db/keyset.ts';
import { healthOf } from '#server/domain/processes/health.ts';
import { adminRunError } from '#server/domain/runs/outcome.ts';
import { runProcess, SNIPPET_LENGTH } from '#server/domain/runs/service.ts';
import { HttpError } from '#server/http/errors.ts';
import { sendKeysetPage } from '#server/http/paging.ts';
import { processesApi as api } from '#shared/api/processes.ts';
import { shownAnswer } from '#shared/run-answers.ts';
import { runContextOf } from './run-context.ts';
import {
  addressWarnings,
  createProcess,
  listProcesses,
  requireProcess,
  testRunTarget,
  updateProcess,
} from './service.ts';
import { processToAdminJson } from './to-json.ts';

// Admins' processes (SPEC §7 Admin): the list a page at a time with each process's
// health (docs/decisions/029-operations-console.md), create, change, pause, and a test
// call of the webhook.

export const adminProcessRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, config } = app.deps;
  const db = database.db;

  serve(app, api.list, async (request, reply) => {
    const { after, ...query } = request.query;
    const { rows, counted, cap, nextCursor } = await listProcesses(db, {
      ...query,
      after: after ? positionOf(after) : undefined,
    });
    const health = await healthOf(
      db,
      rows.map((row) => row.process.id),
      'admin',
    );
    sendKeysetPage(reply, { counted, cap, nextCursor });
    return rows.map((row) => {
      const processHealth = health.get(row.process.id);
      if (!processHealth) throw new Error(`No health for process ${row.process.id}`);
      return {
        ...processToAdminJson(row.process),
        clientName: row.clientName,
        health: processHealth,
      };
    });
  });

  serve(app, api.create, async (request) => {
    const row = await createProcess(db, currentUser(request).id, request.body);
    const warnings = await addressWarnings(request.body, config.allowPrivateWebhooks);
    return { ...processToAdminJson(row), warnings };
  });

  serve(app, api.update, async (request) => {
    const row = await updateProcess(db, currentUser(request).id, request.params.id, request.body);
    // Only the URLs sent are checked: pausing or renaming says nothing new.
    const warnings = await addressWarnings(request.body, config.allowPrivateWebhooks);
    return { ...processToAdminJson(row), warnings };
  });

  serve(app, api.test, async (request) => {
    const process = await requireProcess(db, request.params.id);
    const { run, result } = await runProcess(runContextOf(app), process, {
      trigger: 'test',
      triggeredBy: currentUser(request).id,
      target: testRunTarget(process),
    });
    // Admins read the raw cause: n8n's address, the failing node and its execution.
    if (result.status === null) {
      if (result.error?.kind === 'timeout') {
        throw new HttpError(504, result.error.message);
      }
      const lead =
        result.error?.kind === 'network'
          ? 'n8n is not answering'
          : 'The webhook could not be reached';
      throw new HttpError(502, `${lead}: ${result.error?.message}`);
    }
    const body = shownAnswer(result.body, result.answer).slice(0, SNIPPET_LENGTH);
    if (!result.ok || run.ok === false) {
      const cause = run.errorKind === 'execution' ? adminRunError(run) : body;
      throw new HttpError(502, `The webhook answered ${result.status}: ${cause}`);
    }
    return {
      status: result.status,
      durationMs: result.durationMs,
      ok: true,
      body,
      state: run.state,
      n8nExecutionId: run.n8nExecutionId,
    };
  });

  serve(app, api.confirmation, async () => ({
    n8nApi: !!(config.n8n.apiUrl && config.n8n.apiKey),
  }));
};
