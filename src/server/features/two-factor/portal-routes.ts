import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '#server/api/serve.ts';
import { currentUser } from '#server/auth/guards.ts';
import { twoFactorApi as api } from '#shared/api/two-factor.ts';
import { twoFactorMessages } from '#shared/two-factor.ts';
import { beginSetup, disable, enable, twoFactorStatus } from './service.ts';

// /api/auth/2fa/*: a signed-in user turns TOTP on and off (the sign-in step is in
// public-routes.ts). An admin testing as a client is refused by the routes' audience.

export const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, config } = app.deps;
  const db = database.db;
  // A code is six digits and a session may guess from many addresses: the sign-in limit,
  // counted per account.
  const guessing = { config: { rateLimit: 'auth', rateLimitPer: 'account' } } as const;

  serve(app, api.status, async (request) =>
    twoFactorStatus(db, currentUser(request), config.adminRequire2fa),
  );

  serve(app, api.setup, async (request) => beginSetup(db, currentUser(request)));

  serve(app, api.enable, guessing, async (request) => ({
    recoveryCodes: await enable(db, currentUser(request), request.body.code),
  }));

  serve(app, api.disable, guessing, async (request) => {
    await disable(db, currentUser(request), request.body.code);
    return { message: twoFactorMessages.turnedOff };
  });
};
