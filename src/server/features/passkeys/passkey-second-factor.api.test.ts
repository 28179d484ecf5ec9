import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { passkeyMessages } from '#shared/passkeys.ts';
import { twoFactorMessages } from '#shared/two-factor.ts';
import { softAuthenticator } from '#test/support/soft-authenticator.ts';
import { build, nextIp } from '#test/support/test-app.ts';

// A passkey as the second factor (docs/decisions/020-passkeys.md): it meets
// ADMIN_REQUIRE_2FA, and it answers the step after a right password in place of a code.

const t = await build({ config: loadConfig({ LOG_LEVEL: 'silent', ADMIN_REQUIRE_2FA: 'true' }) });
const origin = new URL(t.deps.config.publicUrl).origin;

const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress: nextIp() });
const login = (email: string) => post('/api/auth/login', { email, password: 'Sup3r-secret' });

async function addPasskey(token: string) {
  const authenticator = softAuthenticator(origin);
  const options = await t.injectAs(token, { method: 'POST', url: '/api/auth/passkeys/options' });
  const added = await t.injectAs(token, {
    method: 'POST',
    url: '/api/auth/passkeys',
    payload: { name: 'Security key', response: authenticator.register(options.json()) },
  });
  expect(added.statusCode, added.body).toBe(201);
  return authenticator;
}

describe('a passkey as the second factor', () => {
  it('meets ADMIN_REQUIRE_2FA, and a password sign-in then asks for the passkey', async () => {
    const admin = await t.createUser({ role: 'Admin' });
    const shut = await t.injectAs(admin.token, { method: 'GET', url: '/api/admin/clients' });
    expect(shut.statusCode).toBe(403);
    expect(shut.json().message).toBe(twoFactorMessages.required);

    const authenticator = await addPasskey(admin.token);
    const status = await t.injectAs(admin.token, { method: 'GET', url: '/api/auth/2fa' });
    expect(status.json()).toMatchObject({ enabled: false, required: false });
    const open = await t.injectAs(admin.token, { method: 'GET', url: '/api/admin/clients' });
    expect(open.statusCode).toBe(200);

    const first = await login(admin.user.email);
    expect(first.json()).toEqual({
      twoFactorRequired: true,
      challenge: expect.any(String),
      methods: ['passkey'],
    });
    const { challenge } = first.json();
    // A code cannot answer for an account without an authenticator app.
    expect((await post('/api/auth/login/2fa', { challenge, code: '123456' })).statusCode).toBe(401);

    const options = await post('/api/auth/login/2fa/passkey/options', { challenge });
    expect(options.statusCode, options.body).toBe(200);
    expect(options.json().allowCredentials).toEqual([
      expect.objectContaining({ id: authenticator.credentialId }),
    ]);
    const response = authenticator.authenticate(options.json());
    const signedIn = await post('/api/auth/login/2fa/passkey', { challenge, response });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().user._id).toBe(admin.user.id);
    const area = await t.injectAs(signedIn.json().token, {
      method: 'GET',
      url: '/api/admin/clients',
    });
    expect(area.statusCode).toBe(200);

    // The passkey's answer was for that challenge, once.
    const replayed = await post('/api/auth/login/2fa/passkey', { challenge, response });
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json().message).toBe(passkeyMessages.expired);
  });

  it('answers in place of a code when two-factor is on, and only with the person’s own passkey', async () => {
    const { user, token } = await t.createUser();
    const setup = await t.injectAs(token, { method: 'POST', url: '/api/auth/2fa/setup' });
    const code = new TOTP({ secret: Secret.fromBase32(setup.json().secret) }).generate();
    await t.injectAs(token, { method: 'POST', url: '/api/auth/2fa/enable', payload: { code } });
    const authenticator = await addPasskey(token);

    const first = await login(user.email);
    expect(first.json().methods).toEqual(['totp', 'passkey']);
    const { challenge } = first.json();

    // Someone else's passkey does not finish this person's sign-in.
    const other = await t.createUser();
    const otherKey = await addPasskey(other.token);
    const options = await post('/api/auth/login/2fa/passkey/options', { challenge });
    const wrong = await post('/api/auth/login/2fa/passkey', {
      challenge,
      response: otherKey.authenticate(options.json()),
    });
    expect(wrong.statusCode).toBe(401);

    const again = await post('/api/auth/login/2fa/passkey/options', { challenge });
    const signedIn = await post('/api/auth/login/2fa/passkey', {
      challenge,
      response: authenticator.authenticate(again.json()),
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().user._id).toBe(user.id);
  });

  it('is not asked for when the person has neither two-factor on nor a rule to meet', async () => {
    const { user, token } = await t.createUser();
    await addPasskey(token);
    const answer = await login(user.email);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().token).toEqual(expect.any(String));
  });

  it('needs a live password step, and a passkey on the account', async () => {
    const expired = await post('/api/auth/login/2fa/passkey/options', { challenge: 'not-a-token' });
    expect(expired.statusCode).toBe(401);

    const admin = await t.createUser({ role: 'Admin', totpEnabled: true, totpSecret: 'JBSWY3DP' });
    const { challenge } = (await login(admin.user.email)).json();
    const none = await post('/api/auth/login/2fa/passkey/options', { challenge });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(passkeyMessages.noPasskey);
  });
});
