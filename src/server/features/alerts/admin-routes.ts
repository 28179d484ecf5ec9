import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '#server/api/serve.ts';
import { currentUser } from '#server/auth/guards.ts';
import { positionOf } from '#server/db/keyset.ts';
import { badRequest } from '#server/http/errors.ts';
import { refusedAddressWarnings } from '#server/integrations/http/address-warnings.ts';
import { alertMessages } from '#shared/alerts.ts';
import { alertsApi as api } from '#shared/api/alerts.ts';
import { listIncidents } from './incidents.ts';
import {
  readAlertSettings,
  rotateAlertSecret,
  type StoredAlertSettings,
  saveAlertSettings,
  secretHint,
} from './settings.ts';
import { sendTestAlert, testAlertText } from './test-alert.ts';

// Admin › Alerts: where the consultancy hears about trouble, which rules are on, a test
// alert, and the incidents the evaluation job opened and cleared.

export const alertRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;
  const { config } = app.deps;
  const channels = {
    db,
    publicUrl: config.publicUrl,
    allowPrivate: config.allowPrivateWebhooks,
    log: app.log,
  };
  const checks = {
    n8nApi: Boolean(config.n8n.apiUrl && config.n8n.apiKey),
    smtp: Boolean(config.smtpUrl),
  };
  const answer = (settings: StoredAlertSettings) => ({
    emails: settings.emails,
    webhookUrl: settings.webhookUrl,
    webhookSecretHint: settings.webhookUrl ? secretHint(settings.webhookSecret) : null,
    failuresInARow: settings.failuresInARow,
    successRateBelow: settings.successRateBelow,
    scheduleMissed: settings.scheduleMissed,
    n8nUnreachable: settings.n8nUnreachable,
    mailFailing: settings.mailFailing,
    updatedAt: settings.updatedAt?.toISOString() ?? null,
    checks,
  });
  const actorOf = (request: Parameters<typeof currentUser>[0]) => ({
    id: currentUser(request).id,
    ip: request.ip,
  });

  serve(app, api.read, async () => answer(await readAlertSettings(db)));

  serve(app, api.save, async (request) => {
    const body = request.body;
    if (body.webhookUrl?.startsWith('http:') && !config.allowPrivateWebhooks) {
      throw badRequest(alertMessages.webhookUrl, { webhookUrl: alertMessages.webhookUrl });
    }
    const { madeSecret } = await saveAlertSettings(db, body, actorOf(request));
    // Saved all the same: the admin learns now, not from alerts that never come.
    const warnings = await refusedAddressWarnings(
      [{ label: 'webhook URL', url: body.webhookUrl ?? null }],
      { allowPrivate: config.allowPrivateWebhooks, audience: 'admin' },
    );
    return { ...answer(await readAlertSettings(db)), webhookSecret: madeSecret, warnings };
  });

  serve(app, api.rotateSecret, async (request) => {
    const secret = await rotateAlertSecret(db, actorOf(request));
    if (!secret) throw badRequest(alertMessages.noWebhook);
    return {
      message: alertMessages.rotated,
      webhookSecret: secret,
      webhookSecretHint: secretHint(secret) ?? '',
    };
  });

  serve(app, api.test, async (request) => {
    const settings = await readAlertSettings(db);
    if (settings.emails.length === 0 && !settings.webhookUrl) {
      throw badRequest(alertMessages.nowhere);
    }
    const { emails, webhookStatus } = await sendTestAlert(channels, settings, actorOf(request));
    return { message: testAlertText(emails, webhookStatus), emails, webhookStatus };
  });

  serve(app, api.incidents, async (request) => {
    const { state, cursor } = request.query;
    return listIncidents(db, { state, before: cursor ? positionOf(cursor) : undefined });
  });
};
