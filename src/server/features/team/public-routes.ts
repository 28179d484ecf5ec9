import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorSchema } from '#shared/answers.ts';
import { InvitePreviewSchema, InviteTokenParamsSchema } from '#shared/team.ts';
import { previewInvite } from './invite-links.ts';

// The public half of an invite link (/api/team/invites/:token): who invites whom.

export const inviteLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;

  app.get(
    '/invites/:token',
    {
      config: { rateLimit: 'auth' },
      schema: {
        tags: ['public'],
        summary: 'What an invite link is for (public; 404 when unknown, used or expired)',
        params: InviteTokenParamsSchema,
        response: { 200: InvitePreviewSchema, 404: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request) => previewInvite(db, request.params.token),
  );
};
