import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { openDatabase } from '#server/db/client.ts';
import { rateLimits } from '#server/db/schema.ts';
import { build, nextIp } from '#test/support/test-app.ts';

// Two instances on one PostgreSQL share every client's budget: the counters live in the
// rate_limits table, not in either process.

const t = await build();

describe('rate limits on two instances', () => {
  it('share one sign-in budget: 10 attempts on one instance, the 11th on the other is refused', async () => {
    const second = await openDatabase({ databaseUrl: t.deps.database.url });
    const other = await buildApp({ ...t.deps, database: second });
    try {
      const ip = nextIp();
      const login = (app: typeof other) =>
        app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: ip,
          payload: { email: 'nobody@example.test', password: 'Wrong-pass-1' },
        });
      for (let i = 0; i < 10; i++) expect((await login(t.app)).statusCode).toBe(401);
      const refused = await login(other);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toMatch(
        /^Too many attempts\. Please wait .+ and try again\.$/,
      );
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

      const key = `auth:POST /api/auth/login|${ip}`;
      const rows = await t.deps.database.db
        .select({ key: rateLimits.key, points: rateLimits.points })
        .from(rateLimits)
        .where(eq(rateLimits.key, key));
      expect(rows).toEqual([{ key, points: 11 }]);
    } finally {
      await other.close();
      await second.close();
    }
  });
});
