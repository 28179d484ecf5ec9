import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '#server/api/serve.ts';
import { actorIdOf, currentUser } from '#server/auth/guards.ts';
import { resolveAccount } from '#server/domain/accounts/account.ts';
import { settingsApi as api } from '#shared/api/settings.ts';
import { legalDefaultsMessages } from '#shared/legal-defaults.ts';
import { passwordMessages } from '#shared/password.ts';
import { getDefaults, saveDefaults } from './legal-defaults.ts';
import { changePassword } from './password.ts';

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, tokens } = app.deps;
  const db = database.db;

  serve(app, api.legalDefaults, async (request) =>
    getDefaults(db, await resolveAccount(db, currentUser(request))),
  );

  serve(app, api.saveLegalDefaults, async (request) => {
    const account = await resolveAccount(db, currentUser(request));
    const defaults = await saveDefaults(db, account, request.body, {
      actorId: actorIdOf(request),
      ip: request.ip,
    });
    return { message: legalDefaultsMessages.saved, defaults };
  });

  // Slows guessing of the current password with a stolen session.
  serve(app, api.changePassword, { config: { rateLimit: 'auth' } }, async (request) => {
    const sessionId = request.claims?.sid ?? '';
    const { token } = await changePassword(db, tokens, currentUser(request), request.body, {
      ip: request.ip,
      sessionId,
    });
    return { message: passwordMessages.changed, token };
  });
};
