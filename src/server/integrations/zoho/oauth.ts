import { TokenAnswerSchema, ZohoError, type ZohoOptions } from './types.ts';

// Zoho access tokens last an hour and are minted from the long-lived refresh token
// (Zoho Accounts OAuth, grant_type=refresh_token). One token is shared by all calls and
// refreshed a minute before it runs out; concurrent callers wait for the same refresh.

const EARLY_REFRESH_MS = 60_000;

export interface AccessTokenSource {
  get(): Promise<string>;
  /** Forget the token after Zoho refused it, so the next get() mints a new one. */
  invalidate(token: string): void;
}

export function createAccessTokenSource(
  options: Pick<ZohoOptions, 'accountsUrl' | 'clientId' | 'clientSecret' | 'refreshToken'>,
  timeoutMs: number,
): AccessTokenSource {
  let current: { token: string; expiresAt: number } | null = null;
  let pending: Promise<string> | null = null;

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

  return {
    async get() {
      if (current && current.expiresAt > Date.now()) return current.token;
      pending ??= refresh().finally(() => {
        pending = null;
      });
      return pending;
    },
    invalidate(token) {
      if (current?.token === token) current = null;
    },
  };
}
