import { expect } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { createWebhookCaller } from '#server/integrations/n8n/webhook.ts';
import { createZohoClient } from '#server/integrations/zoho/client.ts';
import { zohoSignature } from '#server/integrations/zoho/signature.ts';
import { startFakeZoho } from './fake-zoho.ts';
import { build } from './test-app.ts';

// The app with BILLING_PROVIDER=zoho, configured from ZOHO_* variables that point at a
// fake Zoho on loopback, plus helpers to sign webhooks and to complete a hosted checkout.

export const WEBHOOK_SECRET = 'whsecret0123456789';

export async function buildZohoApp() {
  const fake = await startFakeZoho();
  const config = loadConfig({
    DATA_DIR: '.tmp/unused',
    LOG_LEVEL: 'silent',
    BILLING_PROVIDER: 'zoho',
    ZOHO_CLIENT_ID: fake.options.clientId,
    ZOHO_CLIENT_SECRET: fake.options.clientSecret,
    ZOHO_REFRESH_TOKEN: fake.options.refreshToken,
    ZOHO_ORGANIZATION_ID: fake.options.organizationId,
    ZOHO_ACCOUNTS_URL: fake.options.accountsUrl,
    ZOHO_BILLING_API_URL: fake.options.billingApiUrl,
    ZOHO_CRM_API_URL: fake.options.crmApiUrl,
    ZOHO_WEBHOOK_SECRET: WEBHOOK_SECRET,
    ZOHO_BOOKS_ORGANIZATION_ID: fake.options.books?.organizationId,
    ZOHO_BOOKS_API_URL: fake.options.books?.apiUrl,
    ZOHO_DESK_ORG_ID: fake.options.desk?.orgId,
    ZOHO_DESK_API_URL: fake.options.desk?.apiUrl,
  });
  const t = await build({
    config,
    integrations: {
      n8n: createWebhookCaller({ allowPrivate: true, timeoutMs: 2_000 }),
      mailer: null,
      zoho: createZohoClient({ ...config.zoho!, timeoutMs: 3_000 }),
    },
  });
  const admin = await t.createUser({ role: 'Admin' });
  const post = (token: string, url: string, payload?: object) =>
    t.injectAs(token, { method: 'POST', url, ...(payload && { payload }) });

  let sequence = 0;
  /** A Zoho Billing event body as Zoho sends it. */
  const event = (type: string, subscription: object, id = `${Date.now()}${++sequence}`) =>
    JSON.stringify({
      event_id: id,
      event_type: type,
      event_time: new Date().toISOString(),
      data: { subscription },
    });

  /** POST /api/zoho/webhook, signed like Zoho unless another signature (or null) is given. */
  const sendWebhook = (
    body: string,
    signature: string | null = zohoSignature(WEBHOOK_SECRET, body),
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/zoho/webhook',
      headers: {
        'content-type': 'application/json',
        ...(signature !== null && { 'x-zoho-webhook-signature': signature }),
      },
      payload: body,
    });

  /** A new client who went through Zoho's hosted checkout for `planCode`. */
  async function checkedOut(planCode = 'basic-monthly') {
    const client = await t.registerClient();
    const selected = await post(client.token, '/api/zoho/select-package', { packageId: planCode });
    expect(selected.statusCode, selected.body).toBe(200);
    const pageId = /hostedpage\/([0-9a-f]+)\//.exec(selected.json().checkoutUrl)?.[1] ?? '';
    return { ...client, subscription: fake.completeCheckout(pageId) };
  }

  return { t, fake, admin, post, event, sendWebhook, checkedOut };
}
