import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '#server/api/serve.ts';
import { currentUser } from '#server/auth/guards.ts';
import { type ClosureDeps, closeAccount } from '#server/domain/accounts/closure.ts';
import { eraseAccount } from '#server/domain/accounts/erasure.ts';
import { audit } from '#server/domain/audit/audit.ts';
import { findUserByEmail, findUserById } from '#server/domain/users/repository.ts';
import { conflict, notFound } from '#server/http/errors.ts';
import { privacyApi as api } from '#shared/api/privacy.ts';
import { privacyMessages } from '#shared/privacy.ts';
import { exportArchive, personArchive, sendArchive } from './archive.ts';
import { enquirySender, eraseEnquiry } from './enquiries.ts';

// Admin privacy tools (docs/decisions/017-privacy-requests.md): download everything held
// about a client account, close it, erase it now, and export or erase one enquiry. Each is
// audited with the admin as actor, never with the data itself.

export interface AdminPrivacyOptions {
  cancelSubscription: ClosureDeps['cancelSubscription'];
}

const CLIENT_MISSING = 'Client not found.';

export const adminPrivacyRoutes: FastifyPluginAsyncZod<AdminPrivacyOptions> = async (
  app,
  options,
) => {
  const db = app.deps.database.db;
  const closing = { db, cancelSubscription: options.cancelSubscription };

  const requireAccount = async (id: string) => {
    const row = await findUserById(db, id);
    if (!row || row.role === 'Admin') throw notFound(CLIENT_MISSING);
    return row;
  };

  serve(app, api.clientExport, async (request, reply) => {
    const account = await requireAccount(request.params.id);
    if (account.erasedAt) throw conflict(privacyMessages.alreadyErased);
    await audit(db, {
      source: 'privacy',
      message: 'Data export downloaded by an admin',
      userId: account.id,
      actorId: currentUser(request).id,
      ip: request.ip,
    });
    return sendArchive(reply, exportArchive(db, account));
  });

  serve(app, api.closeClient, async (request) => {
    const account = await requireAccount(request.params.id);
    await closeAccount(closing, account, { actorId: currentUser(request).id, ip: request.ip });
    return { message: privacyMessages.adminClosed };
  });

  serve(app, api.eraseClient, async (request) => {
    const account = await requireAccount(request.params.id);
    if (account.erasedAt) throw conflict(privacyMessages.alreadyErased);
    const acting = { actorId: currentUser(request).id, ip: request.ip };
    // An open account is closed first: its subscription must not go on charging.
    if (!account.closedAt) await closeAccount(closing, account, acting);
    await eraseAccount(db, account.id, { ...acting, reason: 'admin' });
    return { message: privacyMessages.erased };
  });

  serve(app, api.enquiryExport, async (request, reply) => {
    const email = await enquirySender(db, request.params.id);
    if (!email) throw notFound(privacyMessages.enquiryMissing);
    const account = await findUserByEmail(db, email);
    const holder = account && account.role !== 'Admin' && !account.erasedAt ? account : null;
    await audit(db, {
      source: 'privacy',
      message: holder
        ? 'Data export downloaded by an admin'
        : "Data export of an enquiry's sender downloaded by an admin",
      userId: holder?.id ?? null,
      actorId: currentUser(request).id,
      ip: request.ip,
      details: { enquiryId: request.params.id },
    });
    return sendArchive(reply, holder ? exportArchive(db, holder) : personArchive(db, email));
  });

  serve(app, api.eraseEnquiry, async (request) => {
    const erased = await eraseEnquiry(db, request.params.id, {
      actorId: currentUser(request).id,
      ip: request.ip,
    });
    if (!erased) throw notFound(privacyMessages.enquiryMissing);
    return { message: privacyMessages.enquiryErased };
  });
};
