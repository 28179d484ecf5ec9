import { describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { EVERYTHING_CHANGED, openDatabase } from '#server/db/client.ts';
import { serverMessages } from '#shared/answers.ts';
import { startTcpProxy } from '#test/support/tcp-proxy.ts';
import { build } from '#test/support/test-app.ts';

// PostgreSQL gone (an outage, a restart, a network cut between the app and it): a call
// answers 503 with Retry-After and says the service is briefly unavailable, instead of
// "Something went wrong"; once PostgreSQL is back, the same call works again.

const t = await build();

describe('with PostgreSQL out of reach', () => {
  it('a signed-in call answers 503 with Retry-After, then works again once it is back', async () => {
    const direct = new URL(t.deps.database.url!);
    const proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const viaProxy = new URL(direct);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    const database = await openDatabase({ databaseUrl: viaProxy.toString() });
    const app = await buildApp({ ...t.deps, database });
    try {
      const { token } = await t.createUser();
      const call = () =>
        app.inject({
          method: 'GET',
          url: '/api/legal/defaults',
          headers: { authorization: `Bearer ${token}` },
        });
      expect((await call()).statusCode).toBe(200);

      await proxy.cut();
      app.readCache.invalidate(EVERYTHING_CHANGED); // the session is read again, as after a restart
      const down = await call();
      expect(down.statusCode, down.body).toBe(503);
      expect(down.headers['retry-after']).toBe('5');
      expect(down.json()).toEqual({ message: serverMessages.unavailable });

      await proxy.restore();
      await expect.poll(async () => (await call()).statusCode, { timeout: 10_000 }).toBe(200);
    } finally {
      await app.close();
      await proxy.close();
      await database.close();
    }
  });
});
