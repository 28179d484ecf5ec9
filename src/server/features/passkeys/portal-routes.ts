import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '#server/api/serve.ts';
import { currentUser } from '#server/auth/guards.ts';
import { passkeysApi as api } from '#shared/api/passkeys.ts';
import { passkeyMessages } from '#shared/passkeys.ts';
import { relyingPartyFrom } from './relying-party.ts';
import {
  addPasskey,
  listPasskeys,
  registrationOptions,
  removePasskey,
  renamePasskey,
} from './service.ts';

// /api/auth/passkeys: a signed-in person's passkeys on Profile (signing in with one is in
// public-routes.ts). Adding and removing count against the sign-in rate limit; an admin
// testing as a client is refused by the routes' audience.

export const passkeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, config } = app.deps;
  const db = database.db;
  const rp = relyingPartyFrom(config.publicUrl);
  const limited = { config: { rateLimit: 'auth' } } as const;

  serve(app, api.list, async (request) => ({
    passkeys: await listPasskeys(db, currentUser(request).id),
  }));

  serve(app, api.addOptions, limited, async (request) =>
    registrationOptions(db, rp, currentUser(request)),
  );

  serve(app, api.add, limited, async (request) =>
    addPasskey(db, rp, currentUser(request), request.body, request.ip),
  );

  serve(app, api.rename, async (request) =>
    renamePasskey(db, currentUser(request), request.params.id, request.body.name),
  );

  serve(app, api.remove, limited, async (request) => {
    await removePasskey(db, currentUser(request), request.params.id, request.ip);
    return { message: passkeyMessages.removed };
  });
};
