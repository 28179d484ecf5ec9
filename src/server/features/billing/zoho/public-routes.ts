import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '#server/api/serve.ts';
import { notFound, unauthorized } from '#server/http/errors.ts';
import { verifyZohoSignature, ZOHO_SIGNATURE_HEADER } from '#server/integrations/zoho/signature.ts';
import { billingApi as api } from '#shared/api/billing.ts';
import { handleZohoEvent } from './webhook.ts';

// POST /api/zoho/webhook: Zoho Billing events, signed with ZOHO_WEBHOOK_SECRET in the
// X-Zoho-Webhook-Signature header. The signature covers the exact bytes Zoho sent, so
// this plugin keeps JSON bodies as raw text (its own parser, this route only) and parses
// them after the check. An event is applied as Zoho's API has the subscription then
// (webhook.ts), so a Zoho that cannot be read answers 502 and Zoho sends the event again.

export const zohoWebhookRoutes: FastifyPluginAsyncZod<{ secret: string | null }> = async (
  app,
  { secret },
) => {
  const db = app.deps.database.db;
  // With Zoho billing configured (a secret), the Zoho client is there too (provider-choice.ts).
  const zoho = app.deps.integrations.zoho ?? null;
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );

  serve(app, api.zohoWebhook, async (request) => {
    if (!secret || !zoho) throw notFound('Zoho billing is not configured on this server.');
    const raw = request.body ?? '';
    const header = request.headers[ZOHO_SIGNATURE_HEADER];
    if (!verifyZohoSignature(secret, raw, request.query, header)) {
      request.log.warn({ ip: request.ip }, 'Zoho webhook with a bad signature refused');
      throw unauthorized('The webhook signature does not match.');
    }
    return handleZohoEvent(
      { db, zoho, log: request.log, publicUrl: app.deps.config.publicUrl },
      raw,
      request.ip,
    );
  });
};
