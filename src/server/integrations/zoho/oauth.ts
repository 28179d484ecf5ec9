import { TokenAnswerSchema, ZohoError, type ZohoOptions } from './types.ts';

// Zoho access tokens last an hour and are minted from the long-lived refresh token
// (Zoho Accounts OAuth, grant_type=refresh_token). One token is shared by all calls and
// refreshed a minute before it runs out; concurrent callers wait for the same refresh,
// and with a SharedTokenStore every instance on the database uses the same token.
// Zoho allows about ten new tokens per refresh token in ten minutes, so minting is never
// repeated blindly: a refused refresh waits before the next try, and a token refused
// although fresh (a scope the refresh token lacks) is kept, not replaced on every call.

const EARLY_REFRESH_MS = 60_000;
/** The first wait after a refused refresh or a fresh token refused; doubles each time. */
export const FIRST_BACKOFF_MS = 30_000;
const MAX_BACKOFF_MS = 10 * 60_000;

/** An access token and when it stops being used (a minute before Zoho's expiry). */
export interface HeldToken {
  token: string;
  expiresAt: number;
}

/**
 * Where instances sharing one database keep the current access token, so N instances do
 * not mint N tokens an hour out of Zoho's ten per ten minutes. `exclusive` runs the mint
 * under a lock all instances respect.
 */
export interface SharedTokenStore {
  read(): Promise<HeldToken | null>;
  write(held: HeldToken): Promise<void>;
  /** Drops the stored token if it is this one (Zoho refused it). */
  forget(token: string): Promise<void>;
  exclusive<T>(work: () => Promise<T>): Promise<T>;
}

export interface AccessTokenSource {
  get(): Promise<string>;
  /**
   * Forget the token after Zoho refused it, so the next get() mints a new one; false (and
   * nothing forgotten) while a fresh token's refusal is being waited out.
   */
  invalidate(token: string): boolean;
  /** Zoho refused a token minted for the call it retried: keep it, wait before minting. */
  refusedFresh(token: string): void;
}

/** A wait that doubles on each failure, from FIRST_BACKOFF_MS up to ten minutes. */
function backoff() {
  let delay = 0;
  let until = 0;
  return {
    active: () => Date.now() < until,
    fail() {
      delay = Math.min(delay ? delay * 2 : FIRST_BACKOFF_MS, MAX_BACKOFF_MS);
      until = Date.now() + delay;
    },
    reset() {
      delay = 0;
      until = 0;
    },
  };
}

export function createAccessTokenSource(
  options: Pick<ZohoOptions, 'accountsUrl' | 'clientId' | 'clientSecret' | 'refreshToken'>,
  timeoutMs: number,
  store?: SharedTokenStore,
): AccessTokenSource {
  let current: HeldToken | null = null;
  /** A token Zoho refused: never taken back from the store. */
  let refused: string | null = null;
  let pending: Promise<string> | null = null;
  const refreshWait = backoff();
  let lastRefusal: ZohoError | null = null;
  const freshRefusalWait = backoff();
  let refusedToken: string | null = null;

  async function refresh(): Promise<string> {
    const url = new URL('/oauth/v2/token', options.accountsUrl);
    url.search = new URLSearchParams({
      refresh_token: options.refreshToken,
      client_id: options.clientId,
      client_secret: options.clientSecret,
      grant_type: 'refresh_token',
    }).toString();
    let response: Response;
    try {
      response = await fetch(url, { method: 'POST', signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      throw new ZohoError(0, `Zoho Accounts could not be reached: ${(error as Error).message}`);
    }
    const parsed = TokenAnswerSchema.safeParse(await response.json().catch(() => null));
    if (!response.ok || !parsed.success || !parsed.data.access_token) {
      const reason = parsed.success
        ? (parsed.data.error ?? `HTTP ${response.status}`)
        : 'bad answer';
      throw new ZohoError(response.status, `Zoho refused the refresh token (${reason}).`);
    }
    const lifetimeMs = (parsed.data.expires_in ?? 3600) * 1000;
    current = {
      token: parsed.data.access_token,
      expiresAt: Date.now() + Math.max(lifetimeMs - EARLY_REFRESH_MS, 1_000),
    };
    return current.token;
  }

  async function refreshOnce(): Promise<string> {
    if (refreshWait.active() && lastRefusal) throw lastRefusal;
    try {
      const token = await refresh();
      refreshWait.reset();
      lastRefusal = null;
      return token;
    } catch (error) {
      refreshWait.fail();
      lastRefusal = error instanceof ZohoError ? error : new ZohoError(0, String(error));
      throw error;
    }
  }

  const usable = (held: HeldToken | null): held is HeldToken =>
    held !== null && held.expiresAt > Date.now() && held.token !== refused;

  /** The token another instance minted if it is still good, else a new one, shared. */
  async function obtain(): Promise<string> {
    if (!store) return refreshOnce();
    const shared = await store.read();
    if (usable(shared)) {
      current = shared;
      return shared.token;
    }
    return store.exclusive(async () => {
      const again = await store.read();
      if (usable(again)) {
        current = again;
        return again.token;
      }
      const token = await refreshOnce();
      if (current) await store.write(current);
      return token;
    });
  }

  return {
    async get() {
      if (usable(current)) return current.token;
      pending ??= obtain().finally(() => {
        pending = null;
      });
      return pending;
    },
    invalidate(token) {
      if (token === refusedToken && freshRefusalWait.active()) return false;
      if (current?.token === token) current = null;
      refused = token;
      void store?.forget(token).catch(() => undefined);
      return true;
    },
    refusedFresh(token) {
      refusedToken = token;
      freshRefusalWait.fail();
    },
  };
}
