import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '#server/api/serve.ts';
import { badRequest, notFound } from '#server/http/errors.ts';
import type { StripeApi, StripeEvent } from '#server/integrations/stripe/client.ts';
import { billingApi as api } from '#shared/api/billing.ts';
import { handleStripeEvent } from './webhook.ts';

// POST /api/stripe/webhook: Stripe events, signed with STRIPE_WEBHOOK_SECRET in the
// Stripe-Signature header. The library's constructEvent checks the signature over the
// exact bytes Stripe sent (so this plugin keeps JSON bodies raw) and refuses a timestamp
// more than 300 s old (its default tolerance), which stops replays.

export const stripeWebhookRoutes: FastifyPluginAsyncZod<{
  webhook: { secret: string; stripe: StripeApi } | null;
}> = async (app, { webhook }) => {
  const db = app.deps.database.db;
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );

  serve(app, api.stripeWebhook, async (request) => {
    if (!webhook) throw notFound('Stripe billing is not configured on this server.');
    const header = request.headers['stripe-signature'];
    let event: StripeEvent;
    try {
      event = webhook.stripe.webhooks.constructEvent(
        request.body ?? '',
        typeof header === 'string' ? header : '',
        webhook.secret,
      );
    } catch {
      request.log.warn({ ip: request.ip }, 'Stripe webhook with a bad signature refused');
      throw badRequest('The webhook signature does not match.');
    }
    return handleStripeEvent(db, webhook.stripe, event, request.ip, app.deps.config.publicUrl);
  });
};
