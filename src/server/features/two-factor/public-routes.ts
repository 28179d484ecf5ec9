import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '#server/api/serve.ts';
import { twoFactorApi } from '#shared/api/two-factor.ts';
import { completeSignIn } from './sign-in.ts';

// /api/auth/login/2fa: the second step of a sign-in for an account with two-factor on
// (the password step answered with a challenge).

export const twoFactorSignInRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, tokens } = app.deps;

  serve(app, twoFactorApi.signIn, { config: { rateLimit: 'auth' } }, async (request) =>
    completeSignIn({ db: database.db, tokens, ip: request.ip }, request.body),
  );
};
