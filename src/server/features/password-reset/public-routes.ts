import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '#server/api/serve.ts';
import { passwordResetApi as api } from '#shared/api/password-reset.ts';
import { passwordMessages } from '#shared/password.ts';
import { checkResetLink, requestReset, resetPassword } from './service.ts';

// Asking for a reset link and setting the new password with it. Public and rate limited
// per IP like sign-in.

export const passwordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, config } = app.deps;
  const db = database.db;
  const limited = { config: { rateLimit: 'auth' } } as const;

  serve(app, api.forgot, limited, async (request) => {
    // Not awaited: answering before the look-up ends means the response time does not
    // tell a known address from an unknown one either.
    requestReset(db, request.body.email, { publicUrl: config.publicUrl, ip: request.ip }).catch(
      (error: unknown) => request.log.error({ err: error }, 'password reset request failed'),
    );
    // Never claim an e-mail went out when no mail is set up (the link waits in the outbox).
    return {
      message: app.deps.integrations.mailer
        ? passwordMessages.forgotSent
        : passwordMessages.forgotNoMail,
    };
  });

  serve(app, api.check, limited, async (request) => {
    await checkResetLink(db, request.body.token);
    return { message: 'This link works.' };
  });

  serve(app, api.reset, limited, async (request) => {
    await resetPassword(db, request.body, request.ip);
    return { message: passwordMessages.resetDone };
  });
};
