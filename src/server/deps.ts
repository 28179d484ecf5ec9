import type { TokenService } from '#server/auth/tokens.ts';
import type { ReadCache } from '#server/cache/read-cache.ts';
import type { Config } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import type { Notifier } from '#server/domain/notifications/notifier.ts';
import type { LimitName, RateLimit } from '#server/http/rate-limit.ts';
import type { MailTransport } from '#server/integrations/mailer/smtp.ts';
import type { WebhookCaller } from '#server/integrations/n8n/webhook.ts';
import type { StripeApi } from '#server/integrations/stripe/client.ts';
import type { ZohoClient } from '#server/integrations/zoho/client.ts';
import type { JobRunner } from '#server/jobs/runner.ts';

// Everything buildApp needs from outside. Tests pass their own (a fresh database,
// fake integrations on loopback); main.ts passes the real ones.

export interface AppDeps {
  config: Config;
  database: Database;
  tokens: TokenService;
  integrations: {
    n8n: WebhookCaller;
    mailer: MailTransport | null;
    /** Zoho Billing and CRM; needed only when BILLING_PROVIDER=zoho. */
    zoho?: ZohoClient | null;
    /** Stripe's official client; needed only when BILLING_PROVIDER=stripe. */
    stripe?: StripeApi | null;
  };
  /** Overrides of the named per-client rate limits (http/rate-limit.ts DEFAULT_LIMITS). */
  limits?: Partial<Record<LimitName, RateLimit>>;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    /** Reads of the signed-in hot path, kept in step with the database (cache/). */
    readCache: ReadCache;
    /** Run notices (failed and skipped runs) for the people who asked for them. */
    notifier: Notifier;
    /** The background jobs; main.ts adds and starts them, the Environment screen lists them. */
    jobs: JobRunner;
  }
}
