import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireAdmin } from '#server/auth/guards.ts';
import { type ClosureDeps, closeAccount } from '#server/domain/accounts/closure.ts';
import { eraseAccount } from '#server/domain/accounts/erasure.ts';
import { audit } from '#server/domain/audit/audit.ts';
import { findUserByEmail, findUserById } from '#server/domain/users/repository.ts';
import { conflict, notFound } from '#server/http/errors.ts';
import { IdParamsSchema } from '#server/http/schemas.ts';
import { ErrorSchema, MessageSchema } from '#shared/answers.ts';
import { privacyMessages } from '#shared/privacy.ts';
import { exportArchive, personArchive, sendArchive } from './archive.ts';
import { enquirySender, eraseEnquiry } from './enquiries.ts';

// Admin privacy tools (issue 17): download everything held about a client account, close
// it, erase it now, and erase one enquiry. Each is audited with the admin as actor, never
// with the data itself.

export interface AdminPrivacyOptions {
  cancelSubscription: ClosureDeps['cancelSubscription'];
}

const CLIENT_MISSING = 'Client not found.';

export const adminPrivacyRoutes: FastifyPluginAsyncZod<AdminPrivacyOptions> = async (
  app,
  options,
) => {
  const db = app.deps.database.db;
  app.addHook('onRequest', requireAdmin);
  const common = { tags: ['admin: privacy'], security: [{ bearer: [] }] };

  const requireAccount = async (id: string) => {
    const row = await findUserById(db, id);
    if (!row || row.role === 'Admin') throw notFound(CLIENT_MISSING);
    return row;
  };

  app.get(
    '/clients/:id/export',
    {
      schema: {
        ...common,
        summary: 'Everything held about a client account, as a ZIP of JSON and CSV files',
        params: IdParamsSchema,
        // No response schema: 200 is application/zip as it streams; errors are { message }.
      },
    },
    async (request, reply) => {
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
    },
  );

  app.post(
    '/clients/:id/close',
    {
      schema: {
        ...common,
        summary: 'Close a client account: subscription cancelled, refused everywhere, erased later',
        params: IdParamsSchema,
        response: { 200: MessageSchema, 404: ErrorSchema, 409: ErrorSchema, 502: ErrorSchema },
      },
    },
    async (request) => {
      const account = await requireAccount(request.params.id);
      await closeAccount({ db, cancelSubscription: options.cancelSubscription }, account, {
        actorId: currentUser(request).id,
        ip: request.ip,
      });
      return { message: privacyMessages.adminClosed };
    },
  );

  app.post(
    '/clients/:id/erase',
    {
      schema: {
        ...common,
        summary:
          'Erase a client account now: personal data removed everywhere, invoices kept for tax records',
        params: IdParamsSchema,
        response: { 200: MessageSchema, 404: ErrorSchema, 409: ErrorSchema, 502: ErrorSchema },
      },
    },
    async (request) => {
      const account = await requireAccount(request.params.id);
      if (account.erasedAt) throw conflict(privacyMessages.alreadyErased);
      const acting = { actorId: currentUser(request).id, ip: request.ip };
      // An open account is closed first: its subscription must not go on charging.
      if (!account.closedAt) {
        await closeAccount({ db, cancelSubscription: options.cancelSubscription }, account, acting);
      }
      await eraseAccount(db, account.id, { ...acting, reason: 'admin' });
      return { message: privacyMessages.erased };
    },
  );

  app.get(
    '/enquiries/:id/export',
    {
      schema: {
        ...common,
        summary:
          "Everything held about an enquiry's sender: their account's archive when they have one, else their enquiries and mail",
        params: IdParamsSchema,
        // No response schema: 200 is application/zip as it streams; 404 is { message }.
      },
    },
    async (request, reply) => {
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
    },
  );

  app.delete(
    '/enquiries/:id',
    {
      schema: {
        ...common,
        summary: 'Erase one enquiry (and the notice mail about it)',
        params: IdParamsSchema,
        response: { 200: MessageSchema, 404: ErrorSchema },
      },
    },
    async (request) => {
      const erased = await eraseEnquiry(db, request.params.id, {
        actorId: currentUser(request).id,
        ip: request.ip,
      });
      if (!erased) throw notFound(privacyMessages.enquiryMissing);
      return { message: privacyMessages.enquiryErased };
    },
  );
};
