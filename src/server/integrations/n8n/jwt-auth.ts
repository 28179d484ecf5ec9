import { SignJWT } from 'jose';
import type { WebhookPayload } from '#shared/webhook-payload.ts';

// n8n's webhook "JWT Auth" (credential type JWT, key type Passphrase, algorithm HS256)
// reads a bearer token from the Authorization header and verifies its signature and
// expiry. A static token breaks once it expires, so each call signs a fresh one.

/** How long a signed token stays valid: long enough for clock skew, short if it leaks. */
export const JWT_LIFETIME_SECONDS = 5 * 60;

export async function jwtAuthHeader(secret: string, payload: WebhookPayload, now = new Date()) {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const token = await new SignJWT({
    runId: payload.runId,
    processId: payload.processId,
    accountId: payload.account.id,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + JWT_LIFETIME_SECONDS)
    .sign(new TextEncoder().encode(secret));
  return `Bearer ${token}`;
}
