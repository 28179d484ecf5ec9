import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '#server/api/serve.ts';
import { passkeysApi as api } from '#shared/api/passkeys.ts';
import { relyingPartyFrom } from './relying-party.ts';
import {
  finishSecondStep,
  secondStepOptions,
  signInOptions,
  signInWithPasskey,
} from './sign-in.ts';

// /api/auth/login/passkey: signing in with a passkey alone, and /api/auth/login/2fa/passkey:
// a passkey as the second step of a password sign-in. Each pair is options, then answer.

export const passkeySignInRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, tokens, config } = app.deps;
  const db = database.db;
  const rp = relyingPartyFrom(config.publicUrl);
  const limited = { config: { rateLimit: 'auth' } } as const;

  serve(app, api.signInOptions, limited, async () => signInOptions(db, rp));

  serve(app, api.signIn, limited, async (request) =>
    signInWithPasskey({ db, tokens, rp, ip: request.ip }, request.body),
  );

  serve(app, api.stepOptions, limited, async (request) =>
    secondStepOptions({ db, tokens, rp }, request.body.challenge),
  );

  serve(app, api.step, limited, async (request) =>
    finishSecondStep({ db, tokens, rp, ip: request.ip }, request.body),
  );
};
