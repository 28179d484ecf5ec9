import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '#server/api/serve.ts';
import { actorIdOf } from '#server/auth/guards.ts';
import { findUserById } from '#server/domain/users/repository.ts';
import { notFound } from '#server/http/errors.ts';
import { passwordResetApi as api } from '#shared/api/password-reset.ts';
import { passwordMessages } from '#shared/password.ts';
import { issueResetLink } from './service.ts';

// A one-time reset link an admin makes for a client, so the client picks their own new
// password instead of being told one. It is e-mailed when the server has SMTP; without
// it the admin gets the link to pass on, and the answer never claims an e-mail was sent.

export const adminResetLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;

  serve(app, api.adminLink, async (request) => {
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
  });
};
