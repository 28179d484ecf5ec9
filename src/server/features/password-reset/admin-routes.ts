import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorIdOf, requireAdmin } from '#server/auth/guards.ts';
import { findUserById } from '#server/domain/users/repository.ts';
import { notFound } from '#server/http/errors.ts';
import { IdParamsSchema } from '#server/http/schemas.ts';
import { ErrorSchema } from '#shared/answers.ts';
import { passwordMessages, ResetLinkSentSchema } from '#shared/password.ts';
import { issueResetLink } from './service.ts';

// POST /api/admin/clients/:id/reset-link (issue 16): a one-time reset link for a client,
// e-mailed when the server has SMTP; without it the admin gets the link to pass on, and
// the answer never claims an e-mail was sent.

export const adminResetLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;
  app.post(
    '/admin/clients/:id/reset-link',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin: clients'],
        security: [{ bearer: [] }],
        params: IdParamsSchema,
        response: {
          200: ResetLinkSentSchema,
          403: ErrorSchema,
          404: ErrorSchema,
          409: ErrorSchema,
        },
      },
    },
    async (request) => {
      const client = await findUserById(db, request.params.id);
      if (!client) throw notFound('Client not found.');
      const link = await issueResetLink(db, client, {
        publicUrl: app.deps.config.publicUrl,
        ip: request.ip,
        actorId: actorIdOf(request),
      });
      const emailed = Boolean(app.deps.integrations.mailer);
      return {
        message: emailed ? passwordMessages.resetLinkMailed : passwordMessages.resetLinkNoMail,
        emailed,
        resetLink: emailed ? null : link,
      };
    },
  );
};
