import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '#server/api/serve.ts';
import { secondFactorsFor } from '#server/auth/second-factor.ts';
import { signIn } from '#server/auth/sessions.ts';
import { userToJson } from '#server/domain/users/to-json.ts';
import { authApi as api } from '#shared/api/auth.ts';
import { checkCredentials, register } from './service.ts';

// Signing up and signing in (the second step with two-factor is in two-factor/).

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, tokens, config } = app.deps;
  const limited = { config: { rateLimit: 'auth' as const } };
  const context = (ip: string) => ({ db: database.db, tokens, ip, publicUrl: config.publicUrl });

  serve(app, api.register, limited, async (request) => {
    const session = await register(context(request.ip), request.body);
    return { token: session.token, user: userToJson(session.user) };
  });

  serve(app, api.login, limited, async (request) => {
    const user = await checkCredentials(context(request.ip), request.body);
    const methods = await secondFactorsFor(database.db, user, config.adminRequire2fa);
    if (methods.length > 0) {
      // The password was right; the session waits for the second factor.
      const { id: sub, tokenVersion: tv } = user;
      return {
        twoFactorRequired: true as const,
        challenge: await tokens.signChallenge({ sub, tv }),
        methods,
      };
    }
    const token = await signIn(database.db, tokens, user, request.ip);
    return { token, user: userToJson(user) };
  });
};
