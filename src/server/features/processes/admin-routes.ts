import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireAdmin } from '#server/auth/guards.ts';
import { runProcess, SNIPPET_LENGTH } from '#server/domain/runs/service.ts';
import { HttpError } from '#server/http/errors.ts';
import { pagingQuery, sendTotal } from '#server/http/paging.ts';
import { IdParamsSchema } from '#server/http/schemas.ts';
import { ErrorSchema } from '#shared/answers.ts';
import {
  AdminProcessSchema,
  CreateProcessSchema,
  ProcessTestResultSchema,
  SavedProcessSchema,
  UpdateProcessSchema,
} from '#shared/processes.ts';
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

/** Processes per page of the admin list (issue 18), and the most one call may ask for. */
const ProcessListQuerySchema = pagingQuery(200, 500).extend({
  clientUserId: z.uuid().optional(),
});

export const adminProcessRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, config } = app.deps;
  const db = database.db;
  app.addHook('onRequest', requireAdmin);
  const common = { tags: ['admin: processes'], security: [{ bearer: [] }] };

  app.get(
    '/',
    {
      schema: {
        ...common,
        summary: 'Processes, newest first, a page at a time (X-Total-Count: how many match)',
        querystring: ProcessListQuerySchema,
        response: { 200: z.array(AdminProcessSchema) },
      },
    },
    async (request, reply) => {
      const { rows, total } = await listProcesses(db, request.query);
      sendTotal(reply, total);
      return rows.map((row) => ({
        ...processToAdminJson(row.process),
        clientName: row.clientName,
      }));
    },
  );

  app.post(
    '/',
    {
      schema: {
        ...common,
        summary: 'Create a process for a client',
        body: CreateProcessSchema,
        response: { 201: SavedProcessSchema, 400: ErrorSchema },
      },
    },
    async (request, reply) => {
      const row = await createProcess(db, currentUser(request).id, request.body);
      const warnings = await addressWarnings(request.body, config.allowPrivateWebhooks);
      return reply.code(201).send({ ...processToAdminJson(row), warnings });
    },
  );

  app.patch(
    '/:id',
    {
      schema: {
        ...common,
        summary: 'Change a process, or pause/activate it with { isActive }',
        params: IdParamsSchema,
        body: UpdateProcessSchema,
        response: { 200: SavedProcessSchema, 400: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request) => {
      const row = await updateProcess(db, currentUser(request).id, request.params.id, request.body);
      // Only the URLs sent are checked: pausing or renaming says nothing new.
      const warnings = await addressWarnings(request.body, config.allowPrivateWebhooks);
      return { ...processToAdminJson(row), warnings };
    },
  );

  app.post(
    '/:id/test',
    {
      schema: {
        ...common,
        summary: "Call the process's webhook once and report the answer",
        params: IdParamsSchema,
        body: z.object({}).passthrough().optional(),
        response: {
          200: ProcessTestResultSchema,
          404: ErrorSchema,
          409: ErrorSchema,
          502: ErrorSchema,
          504: ErrorSchema,
        },
      },
    },
    async (request) => {
      const process = await requireProcess(db, request.params.id);
      const runContext = runContextOf(app);
      const { result } = await runProcess(runContext, process, {
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
    },
  );
};
