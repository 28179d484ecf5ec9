import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorIdOf, requireAdmin } from '#server/auth/guards.ts';
import { audit } from '#server/domain/audit/audit.ts';
import { IdParamsSchema } from '#server/http/schemas.ts';
import { ErrorSchema, MessageSchema } from '#shared/answers.ts';
import {
  FailedCountSchema,
  OutboxMailSchema,
  OutboxPageSchema,
  OutboxQuerySchema,
  outboxMessages,
} from '#shared/outbox.ts';
import { PageCursorSchema } from '#shared/page-cursor.ts';
import {
  deleteMail,
  failedCount,
  listOutbox,
  outboxCounts,
  readMail,
  resendMail,
} from './service.ts';
import { webhookDeliveryCounts } from './webhook-deliveries.ts';

// /api/admin/outbox (issue 16): every queued, sent and failed mail, one in full, send
// again, delete, and the failed count the admin navigation shows. Reading a message that
// holds a one-time link, resending and deleting are audited (never the text itself).

/** The page after `before`: a nextCursor this list gave, checked as every list's cursor is. */
const OutboxListQuerySchema = OutboxQuerySchema.extend({ before: PageCursorSchema.optional() });

export const adminOutboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;
  app.addHook('onRequest', requireAdmin);
  const common = { tags: ['admin: outbox'], security: [{ bearer: [] }] };
  const record = (
    request: Parameters<typeof actorIdOf>[0],
    message: string,
    details: Record<string, unknown>,
  ) => audit(db, { source: 'mail', message, actorId: actorIdOf(request), ip: request.ip, details });

  app.get(
    '/outbox',
    {
      schema: {
        ...common,
        summary: 'Messages newest first, a page at a time (before = nextCursor), with counts',
        querystring: OutboxListQuerySchema,
        response: { 200: OutboxPageSchema, 403: ErrorSchema },
      },
    },
    async (request) => {
      const [page, counts] = await Promise.all([listOutbox(db, request.query), outboxCounts(db)]);
      return { smtpConfigured: Boolean(app.deps.integrations.mailer), counts, ...page };
    },
  );

  app.get(
    '/outbox/failed-count',
    { schema: { ...common, response: { 200: FailedCountSchema, 403: ErrorSchema } } },
    async () => {
      const [failed, webhooks] = await Promise.all([failedCount(db), webhookDeliveryCounts(db)]);
      return { failed, failedWebhooks: webhooks.failed };
    },
  );

  app.get(
    '/outbox/:id',
    {
      schema: {
        ...common,
        summary: 'One message in full (its text may hold a one-time link: audited)',
        params: IdParamsSchema,
        response: { 200: OutboxMailSchema, 403: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request) => {
      const { mail, row } = await readMail(db, request.params.id);
      if (row.sensitive) {
        await record(request, `Outbox message to ${row.to} read (it holds a one-time link)`, {
          outboxId: row.id,
          kind: row.kind,
        });
      }
      return mail;
    },
  );

  app.post(
    '/outbox/:id/resend',
    {
      schema: {
        ...common,
        params: IdParamsSchema,
        response: { 200: MessageSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema },
      },
    },
    async (request) => {
      const row = await resendMail(db, request.params.id);
      await record(request, `Outbox message to ${row.to} queued again`, {
        outboxId: row.id,
        kind: row.kind,
      });
      return { message: outboxMessages.resent };
    },
  );

  app.delete(
    '/outbox/:id',
    {
      schema: {
        ...common,
        params: IdParamsSchema,
        response: { 200: MessageSchema, 403: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request) => {
      const row = await deleteMail(db, request.params.id);
      await record(request, `Outbox message to ${row.to} deleted`, {
        outboxId: row.id,
        kind: row.kind,
        status: row.status,
      });
      return { message: outboxMessages.deleted };
    },
  );
};
