import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorIdOf, currentUser, requireUser } from '#server/auth/guards.ts';
import { resolveAccount } from '#server/domain/accounts/account.ts';
import { forbidden } from '#server/http/errors.ts';
import { ErrorSchema } from '#shared/answers.ts';
import {
  LegalDefaultsJsonSchema,
  LegalDefaultsSavedSchema,
  LegalDefaultsSchema,
  legalDefaultsMessages,
} from '#shared/legal-defaults.ts';
import { ChangePasswordSchema, PasswordChangedSchema, passwordMessages } from '#shared/password.ts';
import { getDefaults, saveDefaults } from './legal-defaults.ts';
import { changePassword } from './password.ts';

// The Settings page's calls (SPEC §7): organization defaults and change password.
// Registered under /api.

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, tokens } = app.deps;
  const db = database.db;
  app.addHook('onRequest', requireUser);
  const common = { tags: ['portal: settings'], security: [{ bearer: [] }] };

  app.get(
    '/legal/defaults',
    {
      schema: {
        ...common,
        summary: "The account's organization defaults; absent fields are empty",
        response: { 200: LegalDefaultsJsonSchema },
      },
    },
    async (request) => getDefaults(db, await resolveAccount(db, currentUser(request))),
  );

  app.put(
    '/legal/defaults',
    {
      schema: {
        ...common,
        summary: 'Replace the organization defaults (numeric zero or invalid becomes empty)',
        body: LegalDefaultsSchema,
        response: {
          200: LegalDefaultsSavedSchema,
          400: ErrorSchema,
          403: ErrorSchema,
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const account = await resolveAccount(db, user);
      const defaults = await saveDefaults(db, account, request.body, {
        actorId: actorIdOf(request),
        ip: request.ip,
      });
      return { message: legalDefaultsMessages.saved, defaults };
    },
  );

  app.put(
    '/settings/password',
    {
      // Slows guessing of the current password with a stolen session.
      config: { rateLimit: 'auth' },
      schema: {
        ...common,
        summary: 'Change the password; other sessions end, the answer carries a new token',
        body: ChangePasswordSchema,
        response: {
          200: PasswordChangedSchema,
          400: ErrorSchema,
          403: ErrorSchema,
          429: ErrorSchema,
        },
      },
    },
    async (request) => {
      if (request.claims?.imp) throw forbidden(passwordMessages.impersonating);
      const sessionId = request.claims?.sid ?? '';
      const { token } = await changePassword(db, tokens, currentUser(request), request.body, {
        ip: request.ip,
        sessionId,
      });
      return { message: passwordMessages.changed, token };
    },
  );
};
