import { describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { createSmtpTransport } from '#server/integrations/mailer/smtp.ts';
import { startFakeN8n } from '#test/support/fake-n8n.ts';
import { startSmtpCatcher } from '#test/support/smtp-catcher.ts';
import { build } from '#test/support/test-app.ts';

// Each environment check, both ways: a bare configuration and a complete one.

const n8n = await startFakeN8n();
const smtp = await startSmtpCatcher();
const bare = await build({
  config: loadConfig({ LOG_LEVEL: 'silent', PUBLIC_URL: 'http://shop.example.com' }),
});
const smtpUrl = smtp.url.replace('smtp://', 'smtp://mailer:s3cret@');
const full = await build({
  config: loadConfig({
    LOG_LEVEL: 'silent',
    ALLOW_PRIVATE_WEBHOOKS: 'true',
    N8N_API_URL: n8n.url('/ok'),
    N8N_API_KEY: 'n8n_api_key',
    N8N_RAILWAY_URL: n8n.url('/ok/railway'),
    STRIPE_SECRET_KEY: 'sk_test_abcdef123456',
    STRIPE_WEBHOOK_SECRET: 'whsec_abcdef123456',
    SMTP_URL: smtpUrl,
    JWT_SECRET: 'a-very-long-random-secret-value-0123456789',
    PUBLIC_URL: 'https://portal.example.com',
    DATABASE_URL: 'postgres://unused@127.0.0.1/unused',
  }),
  integrations: { n8n: bare.deps.integrations.n8n, mailer: createSmtpTransport(smtpUrl) },
});

const checks = async (t: typeof bare) => {
  const admin = await t.createUser({ role: 'Admin' });
  const response = await t.injectAs(admin.token, { method: 'GET', url: '/api/environment/checks' });
  expect(response.statusCode).toBe(200);
  return response.json() as Record<string, { ok: boolean; details: string }>;
};

describe('environment checks', () => {
  it('fail with a reason when nothing is configured', async () => {
    const result = await checks(bare);
    expect(result.mongo?.ok).toBe(true);
    for (const key of [
      'mongoUriPresent',
      'stripe',
      'stripeWebhook',
      'n8nApiUrl',
      'n8nApiKey',
      'n8nRailwayUrl',
      'emailUser',
      'emailPassword',
      'frontendUrl',
    ]) {
      expect(result[key], key).toMatchObject({ ok: false, details: expect.any(String) });
    }
    expect(result.frontendUrl?.details).toMatch(/not https/);
    expect(result.jwtSecret?.ok).toBe(true);
  });

  it('pass when everything is configured and answers', async () => {
    const result = await checks(full);
    for (const [key, check] of Object.entries(result))
      expect(check.ok, `${key}: ${check.details}`).toBe(true);
    expect(n8n.to('/ok/api/v1/workflows')[0]?.headers['x-n8n-api-key']).toBe('n8n_api_key');
  });
});
