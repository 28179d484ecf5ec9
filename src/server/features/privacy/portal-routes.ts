import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '#server/api/serve.ts';
import { currentUser } from '#server/auth/guards.ts';
import { verifyPassword } from '#server/auth/passwords.ts';
import { resolveAccount } from '#server/domain/accounts/account.ts';
import { type ClosureDeps, closeAccount } from '#server/domain/accounts/closure.ts';
import { badRequest, forbidden } from '#server/http/errors.ts';
import { privacyApi as api } from '#shared/api/privacy.ts';
import { privacyMessages } from '#shared/privacy.ts';
import { requestExport } from './export-links.ts';

// The client's own privacy requests from Profile (docs/decisions/017-privacy-requests.md):
// a copy of their data by an e-mailed link, and closing the account. Neither is open to an
// admin testing as the client (own-session routes).

export interface PrivacyRouteOptions {
  cancelSubscription: ClosureDeps['cancelSubscription'];
}

export const privacyRoutes: FastifyPluginAsyncZod<PrivacyRouteOptions> = async (app, options) => {
  const { database, config, integrations } = app.deps;
  const db = database.db;

  serve(app, api.requestExport, async (request) =>
    requestExport(db, currentUser(request), {
      publicUrl: config.publicUrl,
      ip: request.ip,
      mailer: Boolean(integrations.mailer),
    }),
  );

  serve(app, api.close, { config: { rateLimit: 'auth' } }, async (request) => {
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
  });
};
