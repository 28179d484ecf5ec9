import { SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenService } from './tokens.ts';

const SECRET = 'a-test-secret-that-is-long-enough-for-hs256';
const tokens = createTokenService(SECRET);
const claims = { sub: 'user-1', tv: 3, sid: 'session-1' };

afterEach(() => vi.useRealTimers());

describe('session tokens', () => {
  it('verifies its own tokens, again from memory, and refuses a tampered one', async () => {
    const token = await tokens.sign(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    const [header, payload, signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ sub: 'admin', tv: 3, exp: 9e9 })).toString(
      'base64url',
    );
    expect(await tokens.verify(`${header}.${forged}.${signature}`)).toBeNull();
    expect(payload).toBeTruthy();
  });

  it('stops accepting a token when it expires, even one verified before', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-23T12:00:00Z') });
    const token = await tokens.sign(claims, 60);
    expect(await tokens.verify(token)).toEqual(claims);
    vi.setSystemTime(new Date('2026-11-23T12:01:01Z'));
    expect(await tokens.verify(token)).toBeNull();
  });

  it('keeps two-factor challenges and sessions apart', async () => {
    const session = await tokens.sign(claims);
    const challenge = await tokens.signChallenge(claims);
    const link = await tokens.signLink('invoice:1', 60);
    expect(await tokens.verify(session)).toEqual(claims);
    expect(await tokens.verifyChallenge(session)).toBeNull();
    expect(await tokens.verifyLink(session, 'user-1')).toBe(false);
    expect(await tokens.verify(challenge)).toBeNull();
    expect(await tokens.verifyChallenge(challenge)).toEqual({ sub: 'user-1', tv: 3 });
    expect(await tokens.verify(link)).toBeNull();
    expect(await tokens.verifyLink(link, 'invoice:1')).toBe(true);
    expect(await tokens.verifyLink(link, 'invoice:2')).toBe(false);
  });

  it('refuses a correctly signed token without an expiry or without a session', async () => {
    const key = new TextEncoder().encode(SECRET);
    const noExp = await new SignJWT({ tv: 3, sid: 'session-1' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('user-1')
      .sign(key);
    expect(await tokens.verify(noExp)).toBeNull();
    const noSession = await new SignJWT({ tv: 3 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('user-1')
      .setExpirationTime('1h')
      .sign(key);
    expect(await tokens.verify(noSession)).toBeNull();
  });

  it('hands out copies, so a caller cannot change what is remembered', async () => {
    const token = await tokens.sign(claims);
    const first = await tokens.verify(token);
    if (first) first.sub = 'someone-else';
    expect(await tokens.verify(token)).toEqual(claims);
  });
});
