import type { AppDeps } from '#server/deps.ts';
import { OutboundError, sendOutbound } from '#server/integrations/http/outbound.ts';
import { createN8nApi } from '#server/integrations/n8n/api.ts';
import { createStripeClient, stripeErrorText } from '#server/integrations/stripe/client.ts';
import type { Check, EnvironmentChecks } from '#shared/environment.ts';

// Environment checks (SPEC §3): each key of #shared/environment.ts answers { ok, details }
// from a real check.

const WEAK_SECRETS = [
  'secret',
  'changeme',
  'change-me',
  'jwt_secret',
  'your-secret-key',
  'password',
];
const pass = (details: string): Check => ({ ok: true, details });
const fail = (details: string): Check => ({ ok: false, details });

async function database(deps: AppDeps): Promise<Check> {
  const started = performance.now();
  try {
    await deps.database.ping();
    const ms = Math.round(performance.now() - started);
    const kind = deps.database.kind === 'pglite' ? 'Embedded PGlite' : 'PostgreSQL';
    return pass(`${kind} answered a query in ${ms} ms.`);
  } catch (error) {
    return fail(`The database did not answer: ${(error as Error).message}`);
  }
}

async function reachable(url: string | undefined, label: string, deps: AppDeps) {
  if (!url) return fail(`${label} is not set.`);
  try {
    const response = await sendOutbound({
      url,
      method: 'GET',
      timeoutMs: 5_000,
      allowPrivate: deps.config.allowPrivateWebhooks,
      maxBodyBytes: 1024,
    });
    return response.status < 500
      ? pass(`${url} answered ${response.status}.`)
      : fail(`${url} answered ${response.status}.`);
  } catch (error) {
    const message = error instanceof OutboundError ? error.message : String(error);
    return fail(`${url} could not be reached: ${message}`);
  }
}

// Both n8n checks ask the instance itself: /healthz tells n8n from any other server that
// answers, and the key is tried on the public API (N8N_API_URL with or without /api/v1).
function n8nApi(deps: AppDeps, url: string) {
  return createN8nApi({ url, apiKey: deps.config.n8n.apiKey ?? '', timeoutMs: 5_000 });
}

async function n8nApiUrl(deps: AppDeps): Promise<Check> {
  const { apiUrl } = deps.config.n8n;
  if (!apiUrl) return fail('N8N_API_URL is not set.');
  return n8nApi(deps, apiUrl).health();
}

async function n8nApiKey(deps: AppDeps): Promise<Check> {
  const { apiUrl, apiKey } = deps.config.n8n;
  if (!apiKey) return fail('N8N_API_KEY is not set.');
  if (!apiUrl) return fail('N8N_API_KEY is set, but N8N_API_URL is not, so it cannot be tried.');
  return n8nApi(deps, apiUrl).checkKey();
}

function prefixed(value: string | undefined, name: string, prefixes: string[]): Check {
  if (!value) return fail(`${name} is not set.`);
  return prefixes.some((p) => value.startsWith(p))
    ? pass(`${name} is set (${value.slice(0, prefixes[0]!.length + 4)}…).`)
    : fail(`${name} is set but does not look like a key (expected ${prefixes.join(' or ')}…).`);
}

/**
 * The Stripe key is tried on the API (reading the balance), and the webhook secret's
 * endpoint is looked for among the account's webhook endpoints: the secret itself cannot be
 * tried, but an endpoint that does not point here means no event will ever arrive.
 */
async function stripeChecks(deps: AppDeps): Promise<[Check, Check]> {
  const { secretKey, webhookSecret, apiUrl } = deps.config.stripe;
  const webhookShape = prefixed(webhookSecret, 'STRIPE_WEBHOOK_SECRET', ['whsec_']);
  if (!secretKey) return [fail('STRIPE_SECRET_KEY is not set.'), webhookShape];
  const stripe =
    deps.integrations.stripe ?? createStripeClient({ secretKey, apiUrl, timeoutMs: 5_000 });
  const once = { maxNetworkRetries: 0, timeout: 5_000 };
  let key: Check;
  try {
    const balance = await stripe.balance.retrieve(undefined, once);
    const origin = new URL(deps.config.publicUrl).origin;
    // A test key takes no money: fine on a developer's machine, not where clients pay.
    key =
      balance.livemode || isLoopback(deps.config.publicUrl)
        ? pass(`Stripe accepted STRIPE_SECRET_KEY (${balance.livemode ? 'live' : 'test'} mode).`)
        : fail(
            `STRIPE_SECRET_KEY is a test-mode key, but PUBLIC_URL ${origin} is not this machine: clients who pay there pay nothing. Use the live key.`,
          );
  } catch (error) {
    const reason = stripeErrorText(error) ?? (error as Error).message;
    return [fail(`Stripe refused STRIPE_SECRET_KEY: ${reason}`), webhookShape];
  }
  if (!webhookShape.ok) return [key, webhookShape];
  const target = `${deps.config.publicUrl}/api/stripe/webhook`;
  try {
    const endpoints = await stripe.webhookEndpoints.list({ limit: 100 }, once);
    const endpoint = endpoints.data.find((e) => e.url === target);
    if (!endpoint) {
      return [
        key,
        fail(`STRIPE_WEBHOOK_SECRET is set, but no Stripe webhook endpoint points at ${target}.`),
      ];
    }
    return endpoint.status === 'enabled'
      ? [key, pass(`STRIPE_WEBHOOK_SECRET is set; Stripe sends events to ${target}.`)]
      : [key, fail(`The Stripe webhook endpoint for ${target} is ${endpoint.status}.`)];
  } catch (error) {
    const reason = stripeErrorText(error) ?? (error as Error).message;
    return [key, fail(`Stripe's webhook endpoints could not be read: ${reason}`)];
  }
}

async function smtp(deps: AppDeps): Promise<[Check, Check]> {
  const url = deps.config.smtpUrl;
  if (!url) {
    const details = 'SMTP_URL is not set: e-mail stays in the outbox.';
    return [fail(details), fail(details)];
  }
  const parsed = new URL(url);
  const user = decodeURIComponent(parsed.username);
  const password: Check = parsed.password
    ? pass('A password is set in SMTP_URL.')
    : fail('SMTP_URL has no password.');
  if (!user) return [fail('SMTP_URL has no user name.'), password];
  try {
    await deps.integrations.mailer?.verify();
    return [
      pass(`${user} connected to ${parsed.hostname}:${parsed.port || 'default port'}.`),
      password,
    ];
  } catch (error) {
    return [
      fail(`${parsed.hostname} refused the connection: ${(error as Error).message}`),
      password,
    ];
  }
}

function jwtSecret(deps: AppDeps): Check {
  const secret = deps.config.jwtSecret;
  if (!secret) {
    return pass(
      'Generated once and kept in DATA_DIR. Set JWT_SECRET when several instances share a database.',
    );
  }
  if (WEAK_SECRETS.includes(secret.toLowerCase()) || new Set(secret).size < 10) {
    return fail('JWT_SECRET is a well-known or low-variety value; use a long random one.');
  }
  return pass(`JWT_SECRET is set (${secret.length} characters).`);
}

/** PUBLIC_URL names this machine (a developer's), not an address clients use. */
const isLoopback = (publicUrl: string) =>
  ['localhost', '127.0.0.1', '[::1]'].includes(new URL(publicUrl).hostname);

function frontendUrl(deps: AppDeps): Check {
  const url = new URL(deps.config.publicUrl);
  if (url.protocol !== 'https:' && !isLoopback(deps.config.publicUrl)) {
    return fail(
      `PUBLIC_URL ${url.origin} is not https; links in e-mails would be sent unencrypted.`,
    );
  }
  return pass(`PUBLIC_URL is ${url.origin}.`);
}

export async function runChecks(deps: AppDeps): Promise<EnvironmentChecks> {
  const { config } = deps;
  const [mongo, apiUrl, apiKey, railway, [emailUser, emailPassword], [stripe, stripeWebhook]] =
    await Promise.all([
      database(deps),
      n8nApiUrl(deps),
      n8nApiKey(deps),
      reachable(config.n8n.railwayUrl, 'N8N_RAILWAY_URL', deps),
      smtp(deps),
      stripeChecks(deps),
    ]);
  return {
    mongo,
    mongoUriPresent: config.databaseUrl
      ? pass('DATABASE_URL is set: PostgreSQL server in use.')
      : fail(
          'DATABASE_URL is not set: the embedded database in DATA_DIR is in use (one instance only).',
        ),
    stripe,
    stripeWebhook,
    n8nApiUrl: apiUrl,
    n8nApiKey: apiKey,
    n8nRailwayUrl: railway,
    emailUser,
    emailPassword,
    jwtSecret: jwtSecret(deps),
    frontendUrl: frontendUrl(deps),
  };
}
