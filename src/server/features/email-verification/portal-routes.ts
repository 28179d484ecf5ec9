import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '#server/api/serve.ts';
import { currentUser } from '#server/auth/guards.ts';
import { DomainError } from '#server/domain/errors.ts';
import {
  cancelEmailChange,
  pendingEmailChange,
  resendVerification,
} from '#server/domain/users/email-verification.ts';
import { emailVerificationApi as api } from '#shared/api/email-verification.ts';
import { emailVerificationMessages as messages } from '#shared/email-verification-text.ts';
import { changeEmail } from './service.ts';

// The signed-in side: the banner's "Send the link again", and changing the address on
// Profile. Mail goes out at most MAX_VERIFY_LINKS_PER_HOUR times an hour per account, and
// the sending routes share sign-in's per-IP limit.

export const emailVerificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, config, integrations } = app.deps;
  const db = database.db;
  const limited = { config: { rateLimit: 'auth' } } as const;
  const context = (ip: string) => ({ publicUrl: config.publicUrl, ip });

  serve(app, api.resend, limited, async (request) => {
    const user = currentUser(request);
    await resendVerification(db, user, context(request.ip));
    // Never claim an e-mail went out when no mail is set up (the link waits in the outbox).
    const said = integrations.mailer ? messages.resent : messages.resentNoMail;
    return { message: said(user.email) };
  });

  serve(app, api.pendingChange, async (request) => {
    const pending = await pendingEmailChange(db, currentUser(request));
    return {
      pendingEmail: pending?.email ?? null,
      expiresAt: pending?.expiresAt.toISOString() ?? null,
    };
  });

  serve(app, api.requestChange, limited, async (request) => {
    const user = currentUser(request);
    const { email } = request.body;
    const { expiresAt } = await changeEmail(db, user, request.body, context(request.ip));
    const said = integrations.mailer ? messages.changeSent : messages.changeSentNoMail;
    return {
      message: said(email, user.email),
      pendingEmail: email,
      expiresAt: expiresAt.toISOString(),
    };
  });

  serve(app, api.cancelChange, async (request) => {
    if (!(await cancelEmailChange(db, currentUser(request), request.ip))) {
      throw new DomainError('not-found', messages.noChangePending);
    }
    return { message: messages.changeCancelled };
  });
};
