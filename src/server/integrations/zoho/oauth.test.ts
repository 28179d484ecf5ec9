import { describe, expect, it, vi } from 'vitest';
import { startFakeZoho } from '#test/support/fake-zoho.ts';
import { createZohoClient } from './client.ts';
import { FIRST_BACKOFF_MS } from './oauth.ts';

// Zoho allows about ten access tokens per refresh token in ten minutes (the fake enforces
// it): the client must never mint one per call, whatever Zoho answers.

const fake = await startFakeZoho();

describe('zoho access tokens', () => {
  it('refreshes once when Zoho expires a token early, then carries on', async () => {
    const zoho = createZohoClient(fake.options);
    await zoho.listPlans();
    const minted = fake.tokensIssued();
    fake.revokeTokens();
    await zoho.listPlans();
    await zoho.listPlans();
    expect(fake.tokensIssued()).toBe(minted + 1);
  });

  it('reports a fresh token Zoho still refuses (a missing scope) without minting per call', async () => {
    const zoho = createZohoClient(fake.options);
    await zoho.listPlans();
    const minted = fake.tokensIssued();
    fake.withoutScopes(true);
    try {
      for (let i = 0; i < 5; i++) {
        await expect(zoho.listPlans()).rejects.toMatchObject({
          status: 401,
          message: expect.stringContaining('You are not authorized to perform this operation'),
        });
      }
      await expect(
        zoho.createCrmContact({ Last_Name: 'Ortiz', Email: 'dana@example.test' }),
      ).rejects.toMatchObject({ status: 401, code: 'OAUTH_SCOPE_MISMATCH' });
      // One refresh to tell an expired token from a refused one, then no more.
      expect(fake.tokensIssued()).toBe(minted + 1);
    } finally {
      fake.withoutScopes(false);
    }
  });

  it('waits after a refused refresh instead of asking Zoho Accounts again at once', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      // Use up Zoho's ten tokens in ten minutes.
      for (let i = fake.tokensIssued(); i < 10; i++) {
        const other = createZohoClient(fake.options);
        await other.listPlans();
      }
      const zoho = createZohoClient(fake.options);
      const tokenCalls = () => fake.received.filter((r) => r.path === '/oauth/v2/token').length;
      const before = tokenCalls();
      for (let i = 0; i < 4; i++) {
        await expect(zoho.listPlans()).rejects.toThrow(/Access Denied/);
      }
      expect(tokenCalls()).toBe(before + 1);
      vi.setSystemTime(Date.now() + FIRST_BACKOFF_MS + 1);
      await expect(zoho.listPlans()).rejects.toThrow(/Access Denied/);
      expect(tokenCalls()).toBe(before + 2);
      // Ten minutes on, Zoho mints again and the client recovers.
      vi.setSystemTime(Date.now() + 11 * 60_000);
      await expect(zoho.listPlans()).resolves.toBeInstanceOf(Array);
    } finally {
      vi.useRealTimers();
    }
  });
});
