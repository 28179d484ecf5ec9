import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireUser } from '#server/auth/guards.ts';
import { forbidden } from '#server/http/errors.ts';
import { ErrorSchema, MessageSchema } from '#shared/answers.ts';
import {
  AddPasskeySchema,
  PasskeyListSchema,
  PasskeyParamsSchema,
  PasskeySchema,
  passkeyMessages,
  RegistrationOptionsSchema,
  RenamePasskeySchema,
} from '#shared/passkeys.ts';
import { relyingPartyFrom } from './relying-party.ts';
import {
  addPasskey,
  listPasskeys,
  registrationOptions,
  removePasskey,
  renamePasskey,
} from './service.ts';

// /api/auth/passkeys: a signed-in person's passkeys on Profile (signing in with one is in
// public-routes.ts). Adding and removing count against the sign-in rate limit.

export const passkeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, config } = app.deps;
  const db = database.db;
  const rp = relyingPartyFrom(config.publicUrl);
  const common = { tags: ['auth'], security: [{ bearer: [] }] };
  const rateLimit = 'auth';

  // An admin testing as a client must not change how the client signs in.
  const notImpersonating = async (request: FastifyRequest) => {
    if (request.claims?.imp) throw forbidden(passkeyMessages.impersonating);
  };
  const changing = [requireUser, notImpersonating];

  app.get(
    '/passkeys',
    {
      onRequest: requireUser,
      schema: {
        ...common,
        summary: 'The passkeys of the signed-in person',
        response: { 200: PasskeyListSchema },
      },
    },
    async (request) => ({ passkeys: await listPasskeys(db, currentUser(request).id) }),
  );

  app.post(
    '/passkeys/options',
    {
      onRequest: changing,
      config: { rateLimit },
      schema: {
        ...common,
        summary: 'Start adding a passkey: options for navigator.credentials.create()',
        response: { 200: RegistrationOptionsSchema, 403: ErrorSchema },
      },
    },
    async (request) => registrationOptions(db, rp, currentUser(request)),
  );

  app.post(
    '/passkeys',
    {
      onRequest: changing,
      config: { rateLimit },
      schema: {
        ...common,
        summary: 'Finish adding a passkey with the authenticator’s answer and a name',
        body: AddPasskeySchema,
        response: { 201: PasskeySchema, 400: ErrorSchema, 403: ErrorSchema, 409: ErrorSchema },
      },
    },
    async (request, reply) => {
      const added = await addPasskey(db, rp, currentUser(request), request.body, request.ip);
      return reply.code(201).send(added);
    },
  );

  app.patch(
    '/passkeys/:id',
    {
      onRequest: changing,
      schema: {
        ...common,
        summary: 'Rename a passkey',
        params: PasskeyParamsSchema,
        body: RenamePasskeySchema,
        response: { 200: PasskeySchema, 400: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request) =>
      renamePasskey(db, currentUser(request), request.params.id, request.body.name),
  );

  app.delete(
    '/passkeys/:id',
    {
      onRequest: changing,
      config: { rateLimit },
      schema: {
        ...common,
        summary: 'Remove a passkey: it no longer signs in',
        params: PasskeyParamsSchema,
        response: { 200: MessageSchema, 400: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request) => {
      await removePasskey(db, currentUser(request), request.params.id, request.ip);
      return { message: passkeyMessages.removed };
    },
  );
};
