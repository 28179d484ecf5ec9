// Stripe's idempotency layer as its API reference describes it, for the fake Stripe: the
// first answer to a POST with an Idempotency-Key (error or not) is kept for 24 hours and
// given again, marked Idempotent-Replayed, to a request with the same key, endpoint and
// parameters. The same key on another endpoint or with other parameters is refused with
// 400 idempotency_error, so a product that reuses a key for a different request fails here
// as it would against Stripe.

const DAY_MS = 24 * 60 * 60 * 1000;

interface Kept {
  /** The path: only POSTs are keyed. */
  endpoint: string;
  params: string;
  status: number;
  body: unknown;
  at: number;
}

export interface Answer {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

/** Parameters compared whatever the order they were sent in. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  );

const refused = (key: string, message: string): Answer => ({
  status: 400,
  body: {
    error: {
      type: 'idempotency_error',
      message: `${message} Try using a key other than '${key}' if you meant to execute a different request.`,
    },
  },
  headers: {},
});

export function createIdempotencyLayer(now = () => Date.now()) {
  const kept = new Map<string, Kept>();

  return {
    /** The answer for a key seen before (a replay or a refusal), or null to go ahead. */
    check(key: string, endpoint: string, params: unknown): Answer | null {
      const earlier = kept.get(key);
      if (!earlier) return null;
      if (now() - earlier.at >= DAY_MS) {
        kept.delete(key); // pruned after a day: the key starts a new request
        return null;
      }
      if (earlier.endpoint !== endpoint) {
        return refused(
          key,
          'Keys for idempotent requests can only be used for the same endpoint they were ' +
            `first used for ('${earlier.endpoint}' vs '${endpoint}').`,
        );
      }
      if (earlier.params !== canonical(params)) {
        return refused(
          key,
          'Keys for idempotent requests can only be used with the same parameters they were ' +
            'first used with.',
        );
      }
      return {
        status: earlier.status,
        body: earlier.body,
        headers: { 'idempotent-replayed': 'true' },
      };
    },
    save(key: string, endpoint: string, params: unknown, status: number, body: unknown) {
      kept.set(key, { endpoint, params: canonical(params), status, body, at: now() });
    },
  };
}
