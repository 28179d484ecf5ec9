import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '#server/api/serve.ts';
import { actorIdOf } from '#server/auth/guards.ts';
import { audit } from '#server/domain/audit/audit.ts';
import { outboxApi as api } from '#shared/api/outbox.ts';
import { outboxMessages } from '#shared/outbox.ts';
import {
  deleteMail,
  failedCount,
  listOutbox,
  outboxCounts,
  readMail,
  resendMail,
} from './service.ts';
import { webhookDeliveryCounts } from './webhook-deliveries.ts';

// The admin Outbox's mail: reading a message that holds a one-time link, resending and
// deleting are audited (never the text itself).

export const adminOutboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;
  const record = (
    request: Parameters<typeof actorIdOf>[0],
    message: string,
    details: Record<string, unknown>,
  ) => audit(db, { source: 'mail', message, actorId: actorIdOf(request), ip: request.ip, details });

  serve(app, api.list, async (request) => {
    const [page, counts] = await Promise.all([listOutbox(db, request.query), outboxCounts(db)]);
    return { smtpConfigured: Boolean(app.deps.integrations.mailer), counts, ...page };
  });

  serve(app, api.failedCount, async () => {
    const [failed, webhooks] = await Promise.all([failedCount(db), webhookDeliveryCounts(db)]);
    return { failed, failedWebhooks: webhooks.failed };
  });

  serve(app, api.read, async (request) => {
    const { mail, row } = await readMail(db, request.params.id);
    if (row.sensitive) {
      await record(request, `Outbox message to ${row.to} read (it holds a one-time link)`, {
        outboxId: row.id,
        kind: row.kind,
      });
    }
    return mail;
  });

  serve(app, api.resend, async (request) => {
    const row = await resendMail(db, request.params.id);
    await record(request, `Outbox message to ${row.to} queued again`, {
      outboxId: row.id,
      kind: row.kind,
    });
    return { message: outboxMessages.resent };
  });

  serve(app, api.remove, async (request) => {
    const row = await deleteMail(db, request.params.id);
    await record(request, `Outbox message to ${row.to} deleted`, {
      outboxId: row.id,
      kind: row.kind,
      status: row.status,
    });
    return { message: outboxMessages.deleted };
  });
};
