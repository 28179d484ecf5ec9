import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorIdOf, currentUser, requireUser } from '#server/auth/guards.ts';
import { resolveAccount } from '#server/domain/accounts/account.ts';
import { IdParamsSchema } from '#server/http/schemas.ts';
import { ErrorSchema, MessageSchema } from '#shared/answers.ts';
import { CreateScheduleSchema, ScheduleSchema, UpdateScheduleSchema } from '#shared/scheduler.ts';
import { createSchedule, deleteSchedule, listSchedules, updateSchedule } from './service.ts';

export const schedulerRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;
  app.addHook('onRequest', requireUser);
  const common = { tags: ['portal: scheduler'], security: [{ bearer: [] }] };

  app.get(
    '/',
    { schema: { ...common, response: { 200: z.array(ScheduleSchema) } } },
    async (request) => listSchedules(db, await resolveAccount(db, currentUser(request))),
  );

  app.post(
    '/',
    {
      schema: {
        ...common,
        body: CreateScheduleSchema,
        response: {
          201: ScheduleSchema,
          400: ErrorSchema,
          402: ErrorSchema,
          403: ErrorSchema,
          404: ErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const account = await resolveAccount(db, currentUser(request));
      const created = await createSchedule(db, account, request.body, actorIdOf(request));
      return reply.code(201).send(created);
    },
  );

  app.patch(
    '/:id',
    {
      schema: {
        ...common,
        params: IdParamsSchema,
        body: UpdateScheduleSchema,
        response: {
          200: ScheduleSchema,
          400: ErrorSchema,
          402: ErrorSchema,
          403: ErrorSchema,
          404: ErrorSchema,
        },
      },
    },
    async (request) => {
      const account = await resolveAccount(db, currentUser(request));
      return updateSchedule(db, account, request.params.id, request.body, actorIdOf(request));
    },
  );

  app.delete(
    '/:id',
    {
      schema: {
        ...common,
        params: IdParamsSchema,
        response: { 200: MessageSchema, 403: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request) => {
      const account = await resolveAccount(db, currentUser(request));
      await deleteSchedule(db, account, request.params.id, actorIdOf(request));
      return { message: 'Schedule removed.' };
    },
  );
};
