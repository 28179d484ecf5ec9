import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '#server/api/serve.ts';
import { currentUser } from '#server/auth/guards.ts';
import { runProcess, SNIPPET_LENGTH } from '#server/domain/runs/service.ts';
import { HttpError } from '#server/http/errors.ts';
import { sendTotal } from '#server/http/paging.ts';
import { processesApi as api } from '#shared/api/processes.ts';
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

// Admins' processes (SPEC §7 Admin): the list a page at a time, create, change, pause,
// and a test call of the webhook.

export const adminProcessRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, config } = app.deps;
  const db = database.db;

  serve(app, api.list, async (request, reply) => {
    const { rows, total } = await listProcesses(db, request.query);
    sendTotal(reply, total);
    return rows.map((row) => ({
      ...processToAdminJson(row.process),
      clientName: row.clientName,
    }));
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
    const { result } = await runProcess(runContextOf(app), process, {
      trigger: 'test',
      triggeredBy: currentUser(request).id,
      target: testRunTarget(process),
    });
    if (result.status === null) {
      const status = result.error?.kind === 'timeout' ? 504 : 502;
      throw new HttpError(status, `The webhook could not be reached: ${result.error?.message}`);
    }
    const body = result.body.slice(0, SNIPPET_LENGTH);
    if (!result.ok) throw new HttpError(502, `The webhook answered ${result.status}: ${body}`);
    return { status: result.status, durationMs: result.durationMs, ok: true, body };
  });
};
