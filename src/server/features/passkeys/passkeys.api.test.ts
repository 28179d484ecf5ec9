import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { deleteExpiredChallenges } from '#server/auth/webauthn-challenges.ts';
import { auditLogs, passkeys, users, webauthnChallenges } from '#server/db/schema.ts';
import { eraseAccount } from '#server/domain/accounts/erasure.ts';
import { passkeyMessages } from '#shared/passkeys.ts';
import { privacyMessages } from '#shared/privacy.ts';
import { type SoftAuthenticator, softAuthenticator } from '#test/support/soft-authenticator.ts';
import { build, nextIp } from '#test/support/test-app.ts';

// Passkeys end to end through the API, answered by a software authenticator: add one on
// Profile, sign in with it without an e-mail, and every way such a sign-in must fail.

const t = await build();
const db = t.deps.database.db;
const origin = new URL(t.deps.config.publicUrl).origin;

const post = (url: string, payload: object = {}, ip = nextIp()) =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress: ip });

/** Adds a passkey for the signed-in person; answers the authenticator and the added row. */
async function addPasskey(token: string, name = 'Work laptop') {
  const authenticator = softAuthenticator(origin);
  const options = await t.injectAs(token, { method: 'POST', url: '/api/auth/passkeys/options' });
  expect(options.statusCode, options.body).toBe(200);
  const added = await t.injectAs(token, {
    method: 'POST',
    url: '/api/auth/passkeys',
    payload: { name, response: authenticator.register(options.json()) },
  });
  expect(added.statusCode, added.body).toBe(201);
  return { authenticator, passkey: added.json() };
}

async function signInWith(authenticator: SoftAuthenticator, ceremony = {}, ip = nextIp()) {
  const options = await post('/api/auth/login/passkey/options', {}, ip);
  expect(options.statusCode, options.body).toBe(200);
  return post(
    '/api/auth/login/passkey',
    { response: authenticator.authenticate(options.json(), ceremony) },
    ip,
  );
}

const list = async (token: string) =>
  (await t.injectAs(token, { method: 'GET', url: '/api/auth/passkeys' })).json().passkeys;

describe('adding a passkey and signing in with it', () => {
  it('signs in without an e-mail, with a session like a password sign-in, and records its use', async () => {
    const { user, token } = await t.createUser();
    const { authenticator, passkey } = await addPasskey(token, '  Work laptop ');
    expect(passkey).toEqual({
      id: expect.any(String),
      name: 'Work laptop',
      createdAt: expect.any(String),
      lastUsedAt: null,
      synced: false,
    });

    const options = await post('/api/auth/login/passkey/options');
    // Discoverable: the browser offers whichever passkeys it holds for this site.
    expect(options.json().allowCredentials).toEqual([]);
    expect(options.json().userVerification).toBe('required');
    expect(options.json().rpId).toBe(new URL(origin).hostname);

    const signedIn = await signInWith(authenticator);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().user).toMatchObject({ _id: user.id, email: user.email });
    const verify = await t.injectAs(signedIn.json().token, {
      method: 'GET',
      url: '/api/auth/verify',
    });
    expect(verify.statusCode).toBe(200);

    const [row] = await list(token);
    expect(row.lastUsedAt).not.toBeNull();
    const [signIn] = await db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.userId, user.id), eq(auditLogs.message, 'Signed in')));
    expect(signIn?.details).toEqual({ passkey: true });
  });

  it('audits the addition by name, without key material', async () => {
    const { user, token } = await t.createUser();
    const { authenticator } = await addPasskey(token, 'Phone');
    const [entry] = await db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.userId, user.id), eq(auditLogs.message, 'Passkey added')));
    expect(entry?.details).toEqual({ name: 'Phone' });
    const [stored] = await db.select().from(passkeys).where(eq(passkeys.userId, user.id));
    const text = JSON.stringify(entry);
    expect(text).not.toContain(authenticator.credentialId);
    expect(text).not.toContain(stored?.publicKey.slice(0, 20));
  });

  it('refuses a registration made on another site', async () => {
    const { token } = await t.createUser();
    const options = await t.injectAs(token, { method: 'POST', url: '/api/auth/passkeys/options' });
    const response = softAuthenticator(origin).register(options.json(), {
      origin: 'https://evil.example',
    });
    const added = await t.injectAs(token, {
      method: 'POST',
      url: '/api/auth/passkeys',
      payload: { name: 'Phished', response },
    });
    expect(added.statusCode).toBe(400);
    expect(added.json().message).toBe(passkeyMessages.notVerified);
    expect(await list(token)).toEqual([]);
  });

  it('refuses the same authenticator twice, and another person’s registration challenge', async () => {
    const { token } = await t.createUser();
    const { authenticator } = await addPasskey(token);
    const options = await t.injectAs(token, { method: 'POST', url: '/api/auth/passkeys/options' });
    // The authenticator already holds a credential here: the browser is told to refuse it.
    expect(options.json().excludeCredentials).toEqual([
      expect.objectContaining({ id: authenticator.credentialId }),
    ]);
    const again = await t.injectAs(token, {
      method: 'POST',
      url: '/api/auth/passkeys',
      payload: { name: 'Twice', response: authenticator.register(options.json()) },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(passkeyMessages.alreadyAdded);

    const other = await t.createUser();
    const theirs = await t.injectAs(other.token, {
      method: 'POST',
      url: '/api/auth/passkeys/options',
    });
    const stolen = await t.injectAs(token, {
      method: 'POST',
      url: '/api/auth/passkeys',
      payload: { name: 'Theirs', response: softAuthenticator(origin).register(theirs.json()) },
    });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().message).toBe(passkeyMessages.expired);
  });
});

describe('a passkey sign-in is refused', () => {
  it('when the assertion was made for another site', async () => {
    const { token } = await t.createUser();
    const { authenticator } = await addPasskey(token);
    const phished = await signInWith(authenticator, { origin: 'https://login-northwind.example' });
    expect(phished.statusCode).toBe(401);
    expect(phished.json().message).toBe(passkeyMessages.notVerified);
  });

  it('when its challenge is answered twice, or was handed out for something else', async () => {
    const { token } = await t.createUser();
    const { authenticator } = await addPasskey(token);
    const options = await post('/api/auth/login/passkey/options');
    const response = authenticator.authenticate(options.json());
    expect((await post('/api/auth/login/passkey', { response })).statusCode).toBe(200);
    const replayed = await post('/api/auth/login/passkey', { response });
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json().message).toBe(passkeyMessages.expired);

    const registration = await t.injectAs(token, {
      method: 'POST',
      url: '/api/auth/passkeys/options',
    });
    const misused = await post('/api/auth/login/passkey', {
      response: authenticator.authenticate(registration.json()),
    });
    expect(misused.statusCode).toBe(401);
    expect(misused.json().message).toBe(passkeyMessages.expired);
  });

  it('when its challenge has expired, and the retention job deletes such challenges', async () => {
    const { token } = await t.createUser();
    const { authenticator } = await addPasskey(token);
    const options = await post('/api/auth/login/passkey/options');
    const { challenge } = options.json();
    await db
      .update(webauthnChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(webauthnChallenges.challenge, challenge));
    const late = await post('/api/auth/login/passkey', {
      response: authenticator.authenticate(options.json()),
    });
    expect(late.statusCode).toBe(401);
    expect(late.json().message).toBe(passkeyMessages.expired);

    const stale = await post('/api/auth/login/passkey/options');
    await db
      .update(webauthnChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(webauthnChallenges.challenge, stale.json().challenge));
    expect(await deleteExpiredChallenges(db)).toBeGreaterThanOrEqual(1);
    const left = await db
      .select()
      .from(webauthnChallenges)
      .where(eq(webauthnChallenges.challenge, stale.json().challenge));
    expect(left).toEqual([]);
  });

  it('when the signature counter goes backwards (a cloned authenticator)', async () => {
    const { token } = await t.createUser();
    const { authenticator } = await addPasskey(token);
    expect((await signInWith(authenticator, { counter: 5 })).statusCode).toBe(200);
    const cloned = await signInWith(authenticator, { counter: 3 });
    expect(cloned.statusCode).toBe(401);
    expect(cloned.json().message).toBe(passkeyMessages.notVerified);
    expect((await signInWith(authenticator, { counter: 6 })).statusCode).toBe(200);
  });

  it('without user verification (a found security key alone is not a sign-in)', async () => {
    const { token } = await t.createUser();
    const { authenticator } = await addPasskey(token);
    const unverified = await signInWith(authenticator, { userVerified: false });
    expect(unverified.statusCode).toBe(401);
  });

  it('for a closed account, or from an address the account does not allow', async () => {
    const closed = await t.createUser();
    const { authenticator } = await addPasskey(closed.token);
    await db.update(users).set({ closedAt: new Date() }).where(eq(users.id, closed.user.id));
    const refused = await signInWith(authenticator);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(privacyMessages.accountClosed);

    const fenced = await t.createUser();
    const fencedKey = await addPasskey(fenced.token);
    await db
      .update(users)
      .set({ allowedIps: ['203.0.113.7'] })
      .where(eq(users.id, fenced.user.id));
    const elsewhere = await signInWith(fencedKey.authenticator);
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().message).toMatch(/approved IP addresses/);
    expect((await signInWith(fencedKey.authenticator, {}, '203.0.113.7')).statusCode).toBe(200);
  });

  it('for a passkey this site does not know', async () => {
    const unknown = await signInWith(softAuthenticator(origin));
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toBe(passkeyMessages.unknown);
  });
});

describe('managing passkeys on Profile', () => {
  it('renames and removes, each only the person’s own, and removal is audited', async () => {
    const { user, token } = await t.createUser();
    const { authenticator, passkey } = await addPasskey(token, 'Old name');
    const other = await t.createUser();
    const url = `/api/auth/passkeys/${passkey.id}`;

    expect(
      (await t.injectAs(other.token, { method: 'PATCH', url, payload: { name: 'Mine' } }))
        .statusCode,
    ).toBe(404);
    expect((await t.injectAs(other.token, { method: 'DELETE', url })).statusCode).toBe(404);
    const empty = await t.injectAs(token, { method: 'PATCH', url, payload: { name: '  ' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.name).toBe(passkeyMessages.nameRequired);

    const renamed = await t.injectAs(token, { method: 'PATCH', url, payload: { name: 'Phone' } });
    expect(renamed.json()).toMatchObject({ id: passkey.id, name: 'Phone' });

    const removed = await t.injectAs(token, { method: 'DELETE', url });
    expect(removed.json()).toEqual({ message: passkeyMessages.removed });
    expect(await list(token)).toEqual([]);
    const [entry] = await db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.userId, user.id), eq(auditLogs.message, 'Passkey removed')));
    expect(entry?.details).toEqual({ name: 'Phone' });

    const after = await signInWith(authenticator);
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe(passkeyMessages.unknown);
    expect((await t.injectAs(token, { method: 'DELETE', url })).statusCode).toBe(404);
    const notAnId = await t.injectAs(token, { method: 'DELETE', url: '/api/auth/passkeys/x' });
    expect(notAnId.statusCode).toBe(400);
  });

  it('are deleted with the rest of an erased account', async () => {
    const { user, token } = await t.createUser();
    await addPasskey(token);
    await t.injectAs(token, { method: 'POST', url: '/api/auth/passkeys/options' });
    expect(await eraseAccount(db, user.id, { actorId: null, ip: null, reason: 'admin' })).toBe(
      true,
    );
    expect(await db.select().from(passkeys).where(eq(passkeys.userId, user.id))).toEqual([]);
    const challenges = await db
      .select()
      .from(webauthnChallenges)
      .where(eq(webauthnChallenges.userId, user.id));
    expect(challenges).toEqual([]);
  });

  it('cannot be changed by an admin testing as the client', async () => {
    const admin = await t.createUser({ role: 'Admin' });
    const { user, token } = await t.createUser();
    const { passkey } = await addPasskey(token);
    const borrowed = await t.impersonate(admin.token, user.id);
    const calls = [
      { method: 'POST' as const, url: '/api/auth/passkeys/options' },
      { method: 'DELETE' as const, url: `/api/auth/passkeys/${passkey.id}` },
      { method: 'PATCH' as const, url: `/api/auth/passkeys/${passkey.id}`, payload: { name: 'x' } },
    ];
    for (const call of calls) {
      const refused = await t.injectAs(borrowed, call);
      expect(refused.statusCode, call.url).toBe(403);
      expect(refused.json().message).toBe(passkeyMessages.impersonating);
    }
    expect(await list(token)).toHaveLength(1);
  });

  it('limits adding and removing per address, like the other sign-in calls', async () => {
    const { token } = await t.createUser();
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const answer = await t.injectAs(token, {
        method: 'DELETE',
        url: '/api/auth/passkeys/00000000-0000-4000-8000-000000000000',
        remoteAddress: ip,
      });
      statuses.push(answer.statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 404)).toBe(true);
    expect(statuses[10]).toBe(429);
    const adding = await t.injectAs(token, {
      method: 'POST',
      url: '/api/auth/passkeys/options',
      remoteAddress: ip,
    });
    expect(adding.statusCode).toBe(200);
  });
});
