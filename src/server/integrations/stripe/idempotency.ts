import { createHash } from 'node:crypto';

// Stripe keeps the first answer to a keyed request for a day, gives it again to the same
// request, and refuses the key with 400 idempotency_error for any other request (other
// parameters or another endpoint). So a key may name a request, never only the thing it is
// about: `customer-<id>` alone would break the next, legitimately different, request for
// that customer for a day.

/**
 * A key for `params` sent under `scope`: the same parameters give the same key, others a
 * new one. Hashed, so no e-mail address or name shows in the key Stripe logs.
 */
export function requestKey(scope: string, params: object): string {
  const digest = createHash('sha256').update(JSON.stringify(params)).digest('base64url');
  return `${scope}-${digest.slice(0, 32)}`;
}
