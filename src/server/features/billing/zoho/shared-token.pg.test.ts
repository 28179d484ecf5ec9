import { describe, expect, it } from 'vitest';
import { openDatabase } from '#server/db/client.ts';
import { integrationTokens } from '#server/db/schema.ts';
import { createZohoClient } from '#server/integrations/zoho/client.ts';
import { startFakeZoho } from '#test/support/fake-zoho.ts';
import { build } from '#test/support/test-app.ts';
import { createSharedTokenStore } from './shared-token-store.ts';

// Two instances on one PostgreSQL share one Zoho access token: Zoho mints about ten per
// refresh token in ten minutes, so each instance minting its own would run out.
// PostgreSQL only (the embedded database is one instance), so this runs in api-postgres.

const t = await build();
const fake = await startFakeZoho();
const SECRET = 'a-jwt-secret-of-at-least-thirty-two-characters';

describe('Zoho access token shared through the database', () => {
  it('mints one token for two instances, and one again after Zoho refuses it', async () => {
    const second = await openDatabase({ databaseUrl: t.deps.database.url });
    const a = createZohoClient(fake.options, createSharedTokenStore(t.deps.database.db, SECRET));
    const b = createZohoClient(fake.options, createSharedTokenStore(second.db, SECRET));
    const before = fake.tokensIssued();

    await Promise.all([a, b, a, b, a, b].map((client) => client.listPlans()));
    expect(fake.tokensIssued() - before).toBe(1);

    // Stored sealed: a reader of the table does not get a bearer token.
    const [row] = await t.deps.database.db.select().from(integrationTokens);
    const held = await createSharedTokenStore(t.deps.database.db, SECRET).read();
    expect(held?.token).toMatch(/^1000\./);
    expect(row?.ciphertext).not.toContain(held?.token ?? 'missing');
    // Sealed under another secret it is unreadable, and simply minted again.
    expect(await createSharedTokenStore(t.deps.database.db, `${SECRET}-rotated`).read()).toBeNull();

    fake.revokeTokens();
    await a.listPlans();
    await b.listPlans();
    expect(fake.tokensIssued() - before).toBe(2);
    await second.close();
  });
});
