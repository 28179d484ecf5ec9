import { brand } from '#shared/brand.ts';

// The relying party is the address people open, PUBLIC_URL (docs/decisions/020-passkeys.md):
// a passkey is bound to its host name, and the browser reports the origin it was used on,
// so a look-alike site can neither use a passkey made here nor pass its answer on.

export interface RelyingParty {
  /** PUBLIC_URL's host name, e.g. portal.example.com or localhost. */
  id: string;
  /** PUBLIC_URL's origin, e.g. https://portal.example.com. */
  origin: string;
  /** What the browser shows beside the passkey. */
  name: string;
}

export function relyingPartyFrom(publicUrl: string): RelyingParty {
  const url = new URL(publicUrl);
  return { id: url.hostname, origin: url.origin, name: brand.name };
}

/** How long the browser waits for the person before it gives up. */
export const CEREMONY_TIMEOUT_MS = 60_000;
