import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '#server/api/serve.ts';
import { teamApi } from '#shared/api/team.ts';
import { previewInvite } from './invite-links.ts';

// The public half of an invite link: who invites whom.

export const inviteLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;

  serve(app, teamApi.invitePreview, { config: { rateLimit: 'auth' } }, async (request) =>
    previewInvite(db, request.params.token),
  );
};
