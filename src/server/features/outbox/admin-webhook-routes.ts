import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '#server/api/serve.ts';
import { actorIdOf } from '#server/auth/guards.ts';
import { audit } from '#server/domain/audit/audit.ts';
import { outboxApi as api } from '#shared/api/outbox.ts';
import { webhookDeliveryMessages } from '#shared/outbox.ts';
import {
  listWebhookDeliveries,
  resendWebhookDelivery,
  webhookDeliveryCounts,
} from './webhook-deliveries.ts';

// The Outbox's run notices sent to people's webhooks: sending a failed one again is
// audited.

export const adminWebhookDeliveryRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;

  serve(app, api.webhooks, async (request) => {
    const [page, counts] = await Promise.all([
      listWebhookDeliveries(db, request.query),
      webhookDeliveryCounts(db),
    ]);
    return { counts, ...page };
  });

  serve(app, api.resendWebhook, async (request) => {
    const row = await resendWebhookDelivery(db, request.params.id);
    await audit(db, {
      source: 'notifications',
      message: `Webhook notice (${row.event}) queued again`,
      userId: row.userId,
      actorId: actorIdOf(request),
      ip: request.ip,
      details: { deliveryId: row.id },
    });
    return { message: webhookDeliveryMessages.resent };
  });
};
