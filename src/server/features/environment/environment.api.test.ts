import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { createSmtpTransport } from '#server/integrations/mailer/smtp.ts';
import { startFakeN8n } from '#test/support/fake-n8n.ts';
import {
  FAKE_STRIPE_KEY,
  FAKE_STRIPE_LIVE_KEY,
  FAKE_STRIPE_WEBHOOK_SECRET,
  startFakeStripe,
} from '#test/support/fake-stripe.ts';
import { startSmtpCatcher } from '#test/support/smtp-catcher.ts';
import { build } from '#test/support/test-app.ts';

// Each environment check, every way: a default install (optional integrations left unset
// say so, and fail nothing), a complete one, and integrations set up but broken.

const n8n = await startFakeN8n();
const stripe = await startFakeStripe();
stripe.webhookEndpoints.push({
  id: 'we_1',
  object: 'webhook_endpoint',
  url: 'https://portal.example.com/api/stripe/webhook',
  status: 'enabled',
});
afterAll(() => stripe.close());
const smtp = await startSmtpCatcher();
const bare = await build({
  config: loadConfig({ LOG_LEVEL: 'silent', PUBLIC_URL: 'http://shop.example.com' }),
});
const smtpUrl = smtp.url.replace('smtp://', 'smtp://mailer:s3cret@');
const full = await build({
  config: loadConfig({
    LOG_LEVEL: 'silent',
    ALLOW_PRIVATE_WEBHOOKS: 'true',
    N8N_API_URL: n8n.url(''),
    N8N_API_KEY: n8n.apiKey,
    N8N_RAILWAY_URL: n8n.url('/ok/railway'),
    STRIPE_SECRET_KEY: FAKE_STRIPE_LIVE_KEY,
    STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET,
    STRIPE_API_URL: stripe.url,
    SMTP_URL: smtpUrl,
    JWT_SECRET: 'a-very-long-random-secret-value-0123456789',
    PUBLIC_URL: 'https://portal.example.com',
    DATABASE_URL: 'postgres://unused@127.0.0.1/unused',
  }),
  integrations: { n8n: bare.deps.integrations.n8n, mailer: createSmtpTransport(smtpUrl) },
});

// A web server that answers 200 to every request, as a wrong N8N_API_URL might.
const notN8n = createServer((_req, res) => res.end('<html>Welcome</html>'));
await new Promise<void>((resolve) => notN8n.listen(0, '127.0.0.1', resolve));
const notN8nUrl = `http://127.0.0.1:${(notN8n.address() as AddressInfo).port}`;
afterAll(() => new Promise<void>((resolve) => notN8n.close(() => resolve())));

const checks = async (t: typeof bare) => {
  const admin = await t.createUser({ role: 'Admin' });
  const response = await t.injectAs(admin.token, { method: 'GET', url: '/api/environment/checks' });
  expect(response.statusCode).toBe(200);
  return response.json() as Record<string, { ok: boolean; details: string; configured?: false }>;
};

/** The n8n checks of an app with these n8n variables (on the same database). */
const n8nChecks = async (env: { N8N_API_URL: string; N8N_API_KEY: string }) => {
  const t = await build({
    config: loadConfig({ LOG_LEVEL: 'silent', ...env }),
    database: bare.deps.database,
  });
  const { n8nApiUrl, n8nApiKey } = await checks(t);
  return { n8nApiUrl, n8nApiKey };
};

describe('environment checks', () => {
  it('on a default install, say "not configured" for every optional integration, and fail nothing', async () => {
    const defaults = await build({
      config: loadConfig({ LOG_LEVEL: 'silent', HOST: '127.0.0.1' }),
      database: bare.deps.database,
    });
    const result = await checks(defaults);
    const unset = [
      'mongoUriPresent',
      'stripe',
      'stripeWebhook',
      'n8nApiUrl',
      'n8nApiKey',
      'n8nRailwayUrl',
      'emailUser',
      'emailPassword',
    ];
    for (const key of unset) {
      expect(result[key], key).toEqual({
        ok: true,
        configured: false,
        details: expect.any(String),
      });
    }
    expect(result.mongoUriPresent?.details).toMatch(/^DATABASE_URL is not set: the embedded/);
    expect(result.emailUser?.details).toBe('SMTP_URL is not set: e-mail stays in the outbox.');
    for (const key of ['mongo', 'jwtSecret', 'frontendUrl']) {
      expect(result[key], key).toMatchObject({ ok: true });
      expect(result[key], key).not.toHaveProperty('configured');
    }
    expect(result.frontendUrl?.details).toBe(
      'PUBLIC_URL is not set: links use http://127.0.0.1:3000, the address the server is bound to.',
    );
  });

  it('fail PUBLIC_URL that is not https where clients open it', async () => {
    const result = await checks(bare);
    expect(result.frontendUrl).toEqual({
      ok: false,
      details:
        'PUBLIC_URL is http://shop.example.com. It is not https; links in e-mails would be sent unencrypted.',
    });
  });

  it('fail half an n8n set-up: a URL without its key, or a key without its URL', async () => {
    const urlOnly = await build({
      config: loadConfig({ LOG_LEVEL: 'silent', N8N_API_URL: n8n.url('') }),
      database: bare.deps.database,
    });
    expect((await checks(urlOnly)).n8nApiKey).toEqual({
      ok: false,
      details: 'N8N_API_KEY is not set, but N8N_API_URL is: set both.',
    });
    const keyOnly = await build({
      config: loadConfig({ LOG_LEVEL: 'silent', N8N_API_KEY: 'k-123' }),
      database: bare.deps.database,
    });
    const result = await checks(keyOnly);
    expect(result.n8nApiUrl).toMatchObject({ ok: false, details: /N8N_API_URL is not set, but/ });
    expect(result.n8nApiKey?.ok).toBe(false);
  });

  it('pass an SMTP relay that asks nobody to sign in, and fail a user without a password', async () => {
    const relay = await build({
      config: loadConfig({ LOG_LEVEL: 'silent', SMTP_URL: smtp.url }),
      integrations: { ...bare.deps.integrations, mailer: createSmtpTransport(smtp.url) },
      database: bare.deps.database,
    });
    const open = await checks(relay);
    expect(open.emailUser).toMatchObject({
      ok: true,
      details: /^Connected to 127\.0\.0\.1:\d+ without signing in/,
    });
    expect(open.emailPassword).toMatchObject({ ok: true, configured: false });
    const userOnly = smtp.url.replace('smtp://', 'smtp://mailer@');
    const half = await build({
      config: loadConfig({ LOG_LEVEL: 'silent', SMTP_URL: userOnly }),
      integrations: { ...bare.deps.integrations, mailer: createSmtpTransport(userOnly) },
      database: bare.deps.database,
    });
    expect((await checks(half)).emailPassword).toEqual({
      ok: false,
      details: 'SMTP_URL names the user mailer but no password.',
    });
  });

  it('pass when everything is configured and answers', async () => {
    const result = await checks(full);
    for (const [key, check] of Object.entries(result)) {
      expect(check.ok, `${key}: ${check.details}`).toBe(true);
      expect(check, key).not.toHaveProperty('configured');
    }
    const keys = n8n.to('/api/v1/workflows').map((request) => request.headers['x-n8n-api-key']);
    expect(keys).toContain(n8n.apiKey);
  });

  it('try the n8n API key with N8N_API_URL given with or without /api/v1', async () => {
    for (const url of [n8n.url('/'), n8n.url('/api/v1'), n8n.url('/api/v1/')]) {
      const result = await n8nChecks({ N8N_API_URL: url, N8N_API_KEY: n8n.apiKey });
      expect(result.n8nApiUrl, url).toMatchObject({ ok: true });
      expect(result.n8nApiKey, url).toEqual({ ok: true, details: 'The n8n API accepted the key.' });
    }
  });

  it('report a wrong n8n API key as refused, without the key', async () => {
    const result = await n8nChecks({ N8N_API_URL: n8n.url(''), N8N_API_KEY: 'wrong-key-123' });
    expect(result.n8nApiUrl?.ok).toBe(true);
    expect(result.n8nApiKey).toEqual({
      ok: false,
      details: 'The n8n API refused the key (401: unauthorized).',
    });
  });

  it('fail N8N_API_URL when the server answers but is not n8n', async () => {
    const result = await n8nChecks({ N8N_API_URL: notN8nUrl, N8N_API_KEY: 'any-key-123' });
    expect(result.n8nApiUrl?.ok).toBe(false);
    expect(result.n8nApiUrl?.details).toContain(`${notN8nUrl}/healthz answered 200`);
    expect(result.n8nApiUrl?.details).toMatch(/not n8n/);
    expect(result.n8nApiKey?.ok).toBe(false);
  });

  it("fail N8N_API_URL for a server whose /healthz says ok but is not n8n (the portal's own)", async () => {
    // This product answers {"status":"ok"} at /healthz too.
    const portal = await build({ database: bare.deps.database });
    const address = await portal.app.listen({ port: 0, host: '127.0.0.1' });
    const healthz = await fetch(`${address}/healthz`);
    expect(await healthz.json()).toMatchObject({ status: 'ok' });
    const result = await n8nChecks({ N8N_API_URL: address, N8N_API_KEY: 'any-key-123' });
    expect(result.n8nApiUrl?.ok).toBe(false);
    expect(result.n8nApiUrl?.details).toContain(`${address}/healthz answered ok, but`);
    expect(result.n8nApiUrl?.details).toMatch(
      /api\/v1\/workflows\?limit=1 without a key answered 404/,
    );
  });

  it('say so when n8n answers but its public API is off', async () => {
    const off = createServer((req, res) => {
      if (req.url === '/healthz') return res.end('{"status":"ok"}');
      res.statusCode = 404;
      res.end('Cannot GET /api/v1/workflows');
    });
    await new Promise<void>((resolve) => off.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(off.address() as AddressInfo).port}`;
    try {
      const result = await n8nChecks({ N8N_API_URL: url, N8N_API_KEY: 'any-key-123' });
      expect(result.n8nApiUrl?.ok).toBe(false);
      expect(result.n8nApiUrl?.details).toMatch(
        /public API is off there \(N8N_PUBLIC_API_DISABLED\)/,
      );
    } finally {
      await new Promise<void>((resolve) => off.close(() => resolve()));
    }
  });

  it('fail N8N_API_URL when nothing answers there', async () => {
    const result = await n8nChecks({ N8N_API_URL: 'http://127.0.0.1:9/', N8N_API_KEY: 'k-123' });
    expect(result.n8nApiUrl).toMatchObject({ ok: false, details: /could not be reached/ });
    expect(result.n8nApiKey).toMatchObject({ ok: false, details: /could not be reached/ });
  });

  it('try the Stripe key on the API, and look for the webhook endpoint that points here', async () => {
    const stripeChecks = async (env: Record<string, string>) => {
      const t = await build({
        config: loadConfig({ LOG_LEVEL: 'silent', STRIPE_API_URL: stripe.url, ...env }),
        database: bare.deps.database,
      });
      const result = await checks(t);
      return { key: result.stripe, webhook: result.stripeWebhook };
    };
    const good = await stripeChecks({
      STRIPE_SECRET_KEY: FAKE_STRIPE_LIVE_KEY,
      STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET,
      PUBLIC_URL: 'https://portal.example.com',
    });
    expect(good.key).toEqual({
      ok: true,
      details: 'Stripe accepted STRIPE_SECRET_KEY (live mode).',
    });
    // A test key takes no money: right on a developer's machine, wrong where clients pay.
    const local = await stripeChecks({
      STRIPE_SECRET_KEY: FAKE_STRIPE_KEY,
      PUBLIC_URL: 'http://localhost:3000',
    });
    expect(local.key).toEqual({
      ok: true,
      details: 'Stripe accepted STRIPE_SECRET_KEY (test mode).',
    });
    const testKeyInProduction = await stripeChecks({
      STRIPE_SECRET_KEY: FAKE_STRIPE_KEY,
      PUBLIC_URL: 'https://portal.example.com',
    });
    expect(testKeyInProduction.key).toEqual({
      ok: false,
      details:
        'STRIPE_SECRET_KEY is a test-mode key, but PUBLIC_URL https://portal.example.com is not this machine: clients who pay there pay nothing. Use the live key.',
    });
    // A key of the right shape that Stripe does not know fails (the prefix alone passed before).
    const refused = await stripeChecks({ STRIPE_SECRET_KEY: 'sk_test_not-a-real-key' });
    expect(refused.key).toMatchObject({
      ok: false,
      details: /^Stripe refused STRIPE_SECRET_KEY: /,
    });
    expect(refused.key?.details).not.toContain('not-a-real-key');
    const elsewhere = await stripeChecks({
      STRIPE_SECRET_KEY: FAKE_STRIPE_KEY,
      STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET,
      PUBLIC_URL: 'https://other.example.com',
    });
    expect(elsewhere.webhook).toEqual({
      ok: false,
      details:
        'STRIPE_WEBHOOK_SECRET is set, but no Stripe webhook endpoint points at https://other.example.com/api/stripe/webhook.',
    });
  });
});
