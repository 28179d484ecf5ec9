import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorIdOf, requireAdmin } from '#server/auth/guards.ts';
import { audit } from '#server/domain/audit/audit.ts';
import { IdParamsSchema } from '#server/http/schemas.ts';
import { ErrorSchema, MessageSchema } from '#shared/answers.ts';
import {
  WebhookDeliveryPageSchema,
  WebhookDeliveryQuerySchema,
  webhookDeliveryMessages,
} from '#shared/outbox.ts';
import {
  listWebhookDeliveries,
  resendWebhookDelivery,
  webhookDeliveryCounts,
} from './webhook-deliveries.ts';

// /api/admin/outbox/webhooks: the run notices sent to people's webhooks, failed ones
// first, and send again for a failed one (audited).

export const adminWebhookDeliveryRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;
  app.addHook('onRequest', requireAdmin);
  const common = { tags: ['admin: outbox'], security: [{ bearer: [] }] };

  app.get(
    '/outbox/webhooks',
    {
      schema: {
        ...common,
        summary: 'Webhook notices, failed first, a page at a time (before = nextCursor)',
        querystring: WebhookDeliveryQuerySchema,
        response: { 200: WebhookDeliveryPageSchema, 403: ErrorSchema },
      },
    },
    async (request) => {
      const [page, counts] = await Promise.all([
        listWebhookDeliveries(db, request.query),
        webhookDeliveryCounts(db),
      ]);
      return { counts, ...page };
    },
  );

  app.post(
    '/outbox/webhooks/:id/resend',
    {
      schema: {
        ...common,
        summary: 'Send a failed webhook notice again, with a new day of tries',
        params: IdParamsSchema,
        response: { 200: MessageSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema },
      },
    },
    async (request) => {
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
    },
  );
};
