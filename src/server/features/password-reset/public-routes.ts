import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorSchema, MessageSchema } from '#shared/answers.ts';
import { ForgotPasswordSchema, passwordMessages, ResetPasswordSchema } from '#shared/password.ts';
import { requestReset, resetPassword } from './service.ts';

// POST /api/auth/forgot-password and /api/auth/reset-password. Public and rate limited
// per IP like sign-in.

export const passwordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, config } = app.deps;
  const db = database.db;
  const rateLimit = 'auth';

  app.post(
    '/forgot-password',
    {
      config: { rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'E-mail a one-time reset link (the answer is the same for any address)',
        body: ForgotPasswordSchema,
        response: { 200: MessageSchema, 400: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request) => {
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
    },
  );

  app.post(
    '/reset-password',
    {
      config: { rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with a reset link; every session ends',
        body: ResetPasswordSchema,
        response: { 200: MessageSchema, 400: ErrorSchema, 409: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request) => {
      await resetPassword(db, request.body, request.ip);
      return { message: passwordMessages.resetDone };
    },
  );
};
