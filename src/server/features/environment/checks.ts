import { isLoopbackHost } from '#server/config.ts';
import type { AppDeps } from '#server/deps.ts';
import { OutboundError, sendOutbound } from '#server/integrations/http/outbound.ts';
import { createN8nApi } from '#server/integrations/n8n/api.ts';
import { createStripeClient, stripeErrorText } from '#server/integrations/stripe/client.ts';
import type { Check, EnvironmentChecks } from '#shared/environment.ts';

// Environment checks (SPEC §3): each key of #shared/environment.ts answers { ok, details }
// from a real check. An optional integration left unset is not a failure: it answers
// "not configured" (ok, nothing to try), and only one that is set and does not answer fails.

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
const notConfigured = (details: string): Check => ({ ok: true, configured: false, details });

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
  if (!url) return notConfigured(`${label} is not set: nothing to try.`);
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

const N8N_UNSET =
  "N8N_API_URL and N8N_API_KEY are not set: runs end with the webhook's answer, and n8n is not asked about runs still under way.";

// Both n8n checks ask the instance itself: /healthz tells n8n from any other server that
// answers, and the key is tried on the public API (N8N_API_URL with or without /api/v1).
function n8nApi(deps: AppDeps, url: string) {
  return createN8nApi({ url, apiKey: deps.config.n8n.apiKey ?? '', timeoutMs: 5_000 });
}

async function n8nApiUrl(deps: AppDeps): Promise<Check> {
  const { apiUrl, apiKey } = deps.config.n8n;
  if (!apiUrl && apiKey) return fail('N8N_API_URL is not set, but N8N_API_KEY is: set both.');
  if (!apiUrl) return notConfigured(N8N_UNSET);
  return n8nApi(deps, apiUrl).health();
}

async function n8nApiKey(deps: AppDeps): Promise<Check> {
  const { apiUrl, apiKey } = deps.config.n8n;
  if (!apiKey && apiUrl) return fail('N8N_API_KEY is not set, but N8N_API_URL is: set both.');
  if (!apiKey) return notConfigured(N8N_UNSET);
  if (!apiUrl) return fail('N8N_API_KEY is set, but N8N_API_URL is not, so it cannot be tried.');
  return n8nApi(deps, apiUrl).checkKey();
}

function prefixed(value: string | undefined, name: string, prefixes: string[]): Check {
  if (!value) return notConfigured(`${name} is not set: Stripe sends no events here.`);
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
  if (!secretKey) {
    const provider = `BILLING_PROVIDER=${deps.config.billingProvider}`;
    const off = `STRIPE_SECRET_KEY is not set: no card payments through Stripe (${provider}).`;
    return [notConfigured(off), webhookShape];
  }
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
    return [notConfigured(details), notConfigured(details)];
  }
  const parsed = new URL(url);
  const user = decodeURIComponent(parsed.username);
  const address = `${parsed.hostname}:${parsed.port || 'default port'}`;
  // A relay that asks nobody to sign in (one on this machine, say) is a working set-up.
  const password: Check = parsed.password
    ? pass('A password is set in SMTP_URL.')
    : user
      ? fail(`SMTP_URL names the user ${user} but no password.`)
      : notConfigured('SMTP_URL has no user or password: mail is sent without signing in.');
  try {
    await deps.integrations.mailer?.verify();
    return [
      pass(
        user
          ? `${user} connected to ${address}.`
          : `Connected to ${address} without signing in (SMTP_URL names no user).`,
      ),
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

/** The link address names this machine (a developer's), not an address clients use. */
const isLoopback = (publicUrl: string) => isLoopbackHost(new URL(publicUrl).hostname);

function frontendUrl(deps: AppDeps): Check {
  const { publicUrl, publicUrlSet } = deps.config;
  const { origin, protocol } = new URL(publicUrl);
  const says = publicUrlSet
    ? `PUBLIC_URL is ${origin}`
    : `PUBLIC_URL is not set: links use ${origin}, the address the server is bound to`;
  if (protocol !== 'https:' && !isLoopback(publicUrl)) {
    return fail(`${says}. It is not https; links in e-mails would be sent unencrypted.`);
  }
  return pass(`${says}.`);
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
      : notConfigured(
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
