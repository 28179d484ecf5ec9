// Webhook keys (SPEC §5): "n8n_" followed by 24 random bytes in URL-safe base64.
// Works in the browser and on the server (Web Crypto).

export function generateWebhookKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  const base64 = btoa(String.fromCharCode(...bytes));
  return `n8n_${base64.replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '')}`;
}

/** A secret for n8n's JWT Auth (HS256): 48 random bytes in URL-safe base64, 64 characters. */
export function generateJwtSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(48));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_');
}
