import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '#server/api/serve.ts';
import { actorIdOf, currentUser } from '#server/auth/guards.ts';
import { resolveAccount } from '#server/domain/accounts/account.ts';
import { schedulerApi as api } from '#shared/api/scheduler.ts';
import { createSchedule, deleteSchedule, listSchedules, updateSchedule } from './service.ts';

export const schedulerRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;
  const accountOf = (request: Parameters<typeof currentUser>[0]) =>
    resolveAccount(db, currentUser(request));

  serve(app, api.list, async (request) => listSchedules(db, await accountOf(request)));

  serve(app, api.create, async (request) =>
    createSchedule(db, await accountOf(request), request.body, actorIdOf(request)),
  );

  serve(app, api.update, async (request) =>
    updateSchedule(
      db,
      await accountOf(request),
      request.params.id,
      request.body,
      actorIdOf(request),
    ),
  );

  serve(app, api.remove, async (request) => {
    await deleteSchedule(db, await accountOf(request), request.params.id, actorIdOf(request));
    return { message: 'Schedule removed.' };
  });
};
