import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '#server/api/serve.ts';
import { confirmEmailLink } from '#server/domain/users/email-verification.ts';
import { emailVerificationApi as api } from '#shared/api/email-verification.ts';
import { emailVerificationMessages as messages } from '#shared/email-verification-text.ts';

// Opening a verification link, signed in or not: the token is the proof. Rate limited per
// IP like sign-in, so tokens cannot be guessed by trying.

export const emailLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;
  const limited = { config: { rateLimit: 'auth' } } as const;

  serve(app, api.verify, limited, async (request) => {
    const { email, changed } = await confirmEmailLink(db, request.body.token, request.ip);
    return {
      message: changed ? messages.changed(email) : messages.verified(email),
      email,
      changed,
    };
  });
};
