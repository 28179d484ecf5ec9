import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { twoFactorMessages } from '#shared/two-factor.ts';
import { build, nextIp } from '#test/support/test-app.ts';

const t = await build({ config: loadConfig({ LOG_LEVEL: 'silent', ADMIN_REQUIRE_2FA: 'true' }) });
const codeFor = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret) }).generate();
const login = (email: string, password = 'Sup3r-secret') =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: nextIp(),
    payload: { email, password },
  });
const secondStep = (challenge: string, code: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login/2fa',
    remoteAddress: nextIp(),
    payload: { challenge, code },
  });

async function turnOn(token: string) {
  const setup = await t.injectAs(token, { method: 'POST', url: '/api/auth/2fa/setup' });
  expect(setup.json().qrSvg).toMatch(/^<svg/);
  expect(setup.json().otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
  const wrong = await t.injectAs(token, {
    method: 'POST',
    url: '/api/auth/2fa/enable',
    payload: { code: '000000' },
  });
  expect(wrong.statusCode).toBe(400);
  const enabled = await t.injectAs(token, {
    method: 'POST',
    url: '/api/auth/2fa/enable',
    payload: { code: codeFor(setup.json().secret) },
  });
  expect(enabled.json().recoveryCodes).toHaveLength(10);
  return {
    secret: setup.json().secret as string,
    recoveryCodes: enabled.json().recoveryCodes as string[],
  };
}

describe('two-factor sign-in', () => {
  it('asks for a code after the password, and accepts a TOTP code or a one-time recovery code', async () => {
    const { user, token } = await t.createUser();
    const { secret, recoveryCodes } = await turnOn(token);

    const first = await login(user.email);
    expect(first.json()).toEqual({
      twoFactorRequired: true,
      challenge: expect.any(String),
      methods: ['totp'],
    });
    const challenge = first.json().challenge;
    // The challenge is not a session.
    expect(
      (await t.injectAs(challenge, { method: 'GET', url: '/api/auth/verify' })).statusCode,
    ).toBe(401);
    expect((await secondStep(challenge, '123456')).statusCode).toBe(401);
    const ok = await secondStep(challenge, codeFor(secret));
    expect(ok.json().user._id).toBe(user.id);

    const recovery = recoveryCodes[0]!;
    expect((await secondStep(challenge, recovery)).statusCode).toBe(200);
    const reused = await secondStep(challenge, recovery);
    expect(reused.statusCode).toBe(401);
    expect(reused.json().message).toBe(twoFactorMessages.wrongCode);
  });

  it('with ADMIN_REQUIRE_2FA, keeps the admin area shut until the admin turns it on', async () => {
    const admin = await t.createUser({ role: 'Admin' });
    const status = await t.injectAs(admin.token, { method: 'GET', url: '/api/auth/2fa' });
    expect(status.json()).toEqual({ enabled: false, recoveryCodesLeft: 0, required: true });
    const client = await t.createUser();
    const clientStatus = await t.injectAs(client.token, { method: 'GET', url: '/api/auth/2fa' });
    expect(clientStatus.json().required).toBe(false);
    const before = await t.injectAs(admin.token, { method: 'GET', url: '/api/admin/clients' });
    expect(before.statusCode).toBe(403);
    expect(before.json().message).toBe(twoFactorMessages.required);
    await turnOn(admin.token);
    expect(
      (await t.injectAs(admin.token, { method: 'GET', url: '/api/admin/clients' })).statusCode,
    ).toBe(200);
  });

  it('cannot be turned on or off by an admin testing as the client', async () => {
    // This file's server requires two-factor for admins (ADMIN_REQUIRE_2FA).
    const admin = await t.createUser({ role: 'Admin', totpEnabled: true });
    const { user, token } = await t.createUser();
    await turnOn(token);
    const borrowed = await t.impersonate(admin.token, user.id);
    for (const url of ['/api/auth/2fa/setup', '/api/auth/2fa/enable', '/api/auth/2fa/disable']) {
      const refused = await t.injectAs(borrowed, {
        method: 'POST',
        url,
        payload: { code: '123456' },
      });
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().message).toBe(twoFactorMessages.impersonating);
    }
    const status = await t.injectAs(token, { method: 'GET', url: '/api/auth/2fa' });
    expect(status.json()).toMatchObject({ enabled: true, recoveryCodesLeft: 10, required: false });
  });
});

describe('turning two-factor on or off', () => {
  // Sign-in's words (http/rate-limit.ts).
  const tooMany = /^Too many attempts\. Please wait \d+ (second|minute)s? and try again\.$/;
  /** Wrong codes sent to `url` from a new address each time, until the limit answers. */
  async function guess(token: string, url: string) {
    const answers = [];
    for (let i = 0; i < 11; i++)
      answers.push(await t.injectAs(token, { method: 'POST', url, payload: { code: '000000' } }));
    return answers;
  }

  it('is limited per account like sign-in, however many addresses the guesses come from', async () => {
    const { token } = await t.createUser();
    const setup = await t.injectAs(token, { method: 'POST', url: '/api/auth/2fa/setup' });
    const answers = await guess(token, '/api/auth/2fa/enable');
    expect(answers.slice(0, 10).map((a) => a.statusCode)).toEqual(Array(10).fill(400));
    const limited = answers[10]!;
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(tooMany);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Even the right code waits now.
    const right = await t.injectAs(token, {
      method: 'POST',
      url: '/api/auth/2fa/enable',
      payload: { code: codeFor(setup.json().secret) },
    });
    expect(right.statusCode).toBe(429);

    // Another account keeps its own budget.
    const other = await t.createUser();
    await t.injectAs(other.token, { method: 'POST', url: '/api/auth/2fa/setup' });
    expect((await guess(other.token, '/api/auth/2fa/enable'))[0]!.statusCode).toBe(400);
  });

  it('limits the codes sent to turn it off as well', async () => {
    const { token } = await t.createUser();
    await turnOn(token);
    const answers = await guess(token, '/api/auth/2fa/disable');
    expect(answers[0]!.statusCode).toBe(400);
    expect(answers[10]!.statusCode).toBe(429);
    expect(answers[10]!.json().message).toMatch(tooMany);
  });
});
