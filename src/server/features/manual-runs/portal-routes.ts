import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '#server/api/serve.ts';
import { actorIdOf, currentUser } from '#server/auth/guards.ts';
import { resolveAccount } from '#server/domain/accounts/account.ts';
import { manualRunsApi as api } from '#shared/api/manual-runs.ts';
import { manualRunMessages } from '#shared/manual-runs.ts';
import { askForManualRuns, manualRunState } from './service.ts';

// The account's manual runs: read whether they are on, and ask for them. A team member
// reads and asks for the owner's account, never another's.

export const manualRunRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;

  serve(app, api.state, async (request) =>
    manualRunState(db, await resolveAccount(db, currentUser(request))),
  );

  serve(app, api.ask, async (request, reply) => {
    const account = await resolveAccount(db, currentUser(request));
    const result = await askForManualRuns(db, account, {
      actorId: actorIdOf(request),
      ip: request.ip,
    });
    // A new request is created (201); one already waiting is answered as it stands (200).
    reply.code(result.created ? 201 : 200);
    const message = result.created
      ? manualRunMessages.requested
      : manualRunMessages.alreadyRequested;
    return { message, request: result.request };
  });
};
