import { createHmac, timingSafeEqual } from 'node:crypto';

// Zoho Billing signs a secured webhook with HMAC-SHA256 of a string built from the query
// string's key/value pairs sorted by key (each pair as key then value, no separators)
// followed by the raw JSON body, keyed with the webhook's secret token, sent hex-encoded
// in the X-Zoho-Webhook-Signature header. The raw body must be hashed as received:
// re-serialising parsed JSON changes the bytes.

export const ZOHO_SIGNATURE_HEADER = 'x-zoho-webhook-signature';

export function signedString(rawBody: string, query: Record<string, string> = {}): string {
  const pairs = Object.entries(query)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}${v}`)
    .join('');
  return `${pairs}${rawBody}`;
}

export function zohoSignature(
  secret: string,
  rawBody: string,
  query: Record<string, string> = {},
): string {
  return createHmac('sha256', secret).update(signedString(rawBody, query), 'utf8').digest('hex');
}

export function verifyZohoSignature(
  secret: string,
  rawBody: string,
  query: Record<string, string>,
  header: string | string[] | undefined,
): boolean {
  const given = Array.isArray(header) ? header[0] : header;
  if (!given || !/^[0-9a-f]{64}$/i.test(given.trim())) return false;
  const expected = Buffer.from(zohoSignature(secret, rawBody, query), 'hex');
  return timingSafeEqual(expected, Buffer.from(given.trim(), 'hex'));
}
