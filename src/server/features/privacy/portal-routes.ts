import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, refuseWhileImpersonating, requireUser } from '#server/auth/guards.ts';
import { verifyPassword } from '#server/auth/passwords.ts';
import { resolveAccount } from '#server/domain/accounts/account.ts';
import { type ClosureDeps, closeAccount } from '#server/domain/accounts/closure.ts';
import { badRequest, forbidden } from '#server/http/errors.ts';
import { ErrorSchema, MessageSchema } from '#shared/answers.ts';
import { CloseAccountSchema, ExportRequestAnswerSchema, privacyMessages } from '#shared/privacy.ts';
import { requestExport } from './export-links.ts';

// The client's own privacy requests (issue 17), from Profile: a copy of their data by an
// e-mailed link, and closing the account. Neither is open to an admin testing as the client.

export interface PrivacyRouteOptions {
  cancelSubscription: ClosureDeps['cancelSubscription'];
}

export const privacyRoutes: FastifyPluginAsyncZod<PrivacyRouteOptions> = async (app, options) => {
  const { database, config, integrations } = app.deps;
  const db = database.db;
  const common = { tags: ['portal: privacy'], security: [{ bearer: [] }] };

  app.post(
    '/account/export',
    {
      onRequest: [requireUser, refuseWhileImpersonating],
      schema: {
        ...common,
        summary: `Ask for a copy of your data: a download link by e-mail (or in the answer without SMTP)`,
        response: { 200: ExportRequestAnswerSchema, 403: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request) =>
      requestExport(db, currentUser(request), {
        publicUrl: config.publicUrl,
        ip: request.ip,
        mailer: Boolean(integrations.mailer),
      }),
  );

  app.post(
    '/account/close',
    {
      onRequest: [requireUser, refuseWhileImpersonating],
      config: { rateLimit: 'auth' },
      schema: {
        ...common,
        summary:
          'Close your account (owner, with the password): subscription cancelled, sign-ins refused, erased later',
        body: CloseAccountSchema,
        response: {
          200: MessageSchema,
          400: ErrorSchema,
          403: ErrorSchema,
          409: ErrorSchema,
          502: ErrorSchema,
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const account = await resolveAccount(db, user);
      if (account.teamRole !== 'owner') throw forbidden(privacyMessages.ownerOnly);
      if (!(await verifyPassword(user.passwordHash, request.body.password))) {
        throw badRequest(privacyMessages.passwordWrong, {
          password: privacyMessages.passwordWrong,
        });
      }
      await closeAccount({ db, cancelSubscription: options.cancelSubscription }, user, {
        actorId: user.id,
        ip: request.ip,
      });
      return { message: privacyMessages.closed };
    },
  );
};
