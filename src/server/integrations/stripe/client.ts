import Stripe from 'stripe';

// Stripe, reached through its official library only. The library speaks the API
// version it was built for, retries idempotently on network errors and 409/429/5xx (it
// sends an Idempotency-Key on every POST), and verifies webhook signatures. STRIPE_API_URL
// is for tests: the library's host, port and protocol options aim it at a loopback fake.

export type StripeApi = Stripe;
export type StripeEvent = Stripe.Event;
export type StripeSubscription = Stripe.Subscription;
export type StripePrice = Stripe.Price;
export type StripeInvoice = Stripe.Invoice;

export interface StripeOptions {
  secretKey: string;
  /** https://api.stripe.com unless a test points elsewhere. */
  apiUrl: string;
  timeoutMs?: number;
}

export function createStripeClient({ secretKey, apiUrl, timeoutMs = 20_000 }: StripeOptions) {
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(secretKey, {
    host: url.hostname,
    port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443,
    protocol,
    maxNetworkRetries: 2,
    timeout: timeoutMs,
    telemetry: false,
    appInfo: { name: 'client-portal' },
  });
}

/** The error Stripe answered, as "code: message" for an admin (SPEC §8 style). */
export function stripeErrorText(error: unknown): string | null {
  if (!(error instanceof Stripe.errors.StripeError)) return null;
  return `${error.code ?? error.type}: ${error.message}`;
}

export const isStripeError = (error: unknown): error is Stripe.errors.StripeError =>
  error instanceof Stripe.errors.StripeError;
