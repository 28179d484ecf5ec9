import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorSchema } from '#shared/answers.ts';
import { TwoFactorLoginSchema } from '#shared/two-factor.ts';
import { AuthResponseSchema } from '#shared/user.ts';
import { completeSignIn } from './sign-in.ts';

// /api/auth/login/2fa: the second step of a sign-in for an account with two-factor on
// (the password step answered with a challenge).

export const twoFactorSignInRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, tokens } = app.deps;

  app.post(
    '/login/2fa',
    {
      config: { rateLimit: 'auth' },
      schema: {
        tags: ['auth'],
        summary: 'Finish a sign-in with a TOTP or recovery code',
        body: TwoFactorLoginSchema,
        response: { 200: AuthResponseSchema, 400: ErrorSchema, 401: ErrorSchema },
      },
    },
    async (request) => completeSignIn({ db: database.db, tokens, ip: request.ip }, request.body),
  );
};
