import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { integrationTokens } from '#server/db/schema.ts';
import type { HeldToken, SharedTokenStore } from '#server/integrations/zoho/oauth.ts';

// The Zoho access token shared through PostgreSQL by every instance, since Zoho allows
// about ten new tokens per refresh token per ten minutes (docs/decisions/
// 013-zoho-as-documented.md, its addendum). Stored encrypted (AES-256-GCM, key derived
// from the JWT secret every instance shares), so a database reader does not get a live
// bearer token. Minting runs under an advisory lock: one instance mints, the others
// wait and read what it stored. The embedded database is one instance, so it needs none.

const NAME = 'zoho-access-token';
/** Arbitrary constant: the advisory lock key of the Zoho token mint. */
const MINT_LOCK = 7_240_115;

function keyFrom(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'integration-tokens', NAME, 32));
}

function seal(key: Buffer, text: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url')).join('.');
}

function open(key: Buffer, sealed: string): string | null {
  const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !body) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  } catch {
    // Another JWT secret sealed it (a rotated secret): mint anew.
    return null;
  }
}

export function createSharedTokenStore(db: Db, secret: string): SharedTokenStore {
  const key = keyFrom(secret);
  const row = async () =>
    (await db.select().from(integrationTokens).where(eq(integrationTokens.name, NAME)))[0];
  return {
    async read(): Promise<HeldToken | null> {
      const stored = await row();
      const token = stored ? open(key, stored.ciphertext) : null;
      return stored && token ? { token, expiresAt: stored.expiresAt.getTime() } : null;
    },
    async write(held) {
      const values = {
        ciphertext: seal(key, held.token),
        expiresAt: new Date(held.expiresAt),
        updatedAt: new Date(),
      };
      await db
        .insert(integrationTokens)
        .values({ name: NAME, ...values })
        .onConflictDoUpdate({ target: integrationTokens.name, set: values });
    },
    async forget(token) {
      const stored = await row();
      if (!stored || open(key, stored.ciphertext) !== token) return;
      // Only that row: another instance may have stored a new token meanwhile.
      await db
        .delete(integrationTokens)
        .where(
          and(
            eq(integrationTokens.name, NAME),
            eq(integrationTokens.ciphertext, stored.ciphertext),
          ),
        );
    },
    exclusive: (work) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${MINT_LOCK})`);
        return work();
      }),
  };
}
