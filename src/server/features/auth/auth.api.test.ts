import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLogs, users } from '#server/db/schema.ts';
import { authMessages } from '#shared/auth.ts';
import { build, nextIp } from '#test/support/test-app.ts';

const t = await build();
const { app } = t;
const db = t.deps.database.db;

const post = (url: string, payload: unknown, remoteAddress = nextIp()) =>
  app.inject({ method: 'POST', url, payload: payload as object, remoteAddress });

describe('POST /api/auth/register', () => {
  it('creates a client account and returns a working token without secrets', async () => {
    const { token, user } = await t.registerClient({
      name: 'Ada Lovelace',
      companyName: 'Engines',
    });
    expect(user).toMatchObject({ name: 'Ada Lovelace', role: 'Client', companyName: 'Engines' });
    expect(user.subscription).toEqual({
      status: 'no_subscription',
      currentPeriodEnd: null,
      plan: 'Trial',
      cancelAtPeriodEnd: false,
    });
    expect(JSON.stringify(user)).not.toMatch(/passwordHash|n8nWebhookKey|tokenVersion/);
    const verify = await t.injectAs(token, { method: 'GET', url: '/api/auth/verify' });
    expect(verify.statusCode).toBe(200);
    expect(verify.json().user.email).toBe(user.email);
  });

  it('answers 400 with every message of SPEC §5 at once', async () => {
    const response = await post('/api/auth/register', {
      name: 'Ada',
      email: 'not-an-email',
      password: 'short',
      confirmPassword: 'other',
      acceptedTOS: false,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      name: authMessages.fullName,
      email: authMessages.email,
      password: authMessages.passwordLength,
      confirmPassword: authMessages.passwordsMatch,
      acceptedTOS: authMessages.acceptTerms,
    });
    expect(response.json().message).toBe(authMessages.fullName);
  });

  it('asks for upper, lower and a digit', async () => {
    const response = await post('/api/auth/register', {
      name: 'Ada Lovelace',
      email: 'ada@example.test',
      password: 'alllowercase',
      confirmPassword: 'alllowercase',
      acceptedTOS: true,
    });
    expect(response.json().errors).toEqual({ password: authMessages.passwordMix });
  });

  it('refuses a second account for the same address, whatever its case (409)', async () => {
    const { user } = await t.registerClient();
    const response = await post('/api/auth/register', {
      name: 'Someone Else',
      email: user.email.toUpperCase(),
      password: 'Sup3r-secret',
      confirmPassword: 'Sup3r-secret',
      acceptedTOS: true,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: authMessages.emailTaken,
      errors: { email: authMessages.emailTaken },
    });
  });

  it('stores the password only as an argon2id hash', async () => {
    const { user } = await t.registerClient({ password: 'Plain-text-9' });
    const [row] = await db.select().from(users).where(eq(users.id, user._id));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('is rate limited per IP (429)', async () => {
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await post('/api/auth/register', {}, ip)).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
    const other = await post('/api/auth/register', {}, nextIp());
    expect(other.statusCode).toBe(400);
  });
});

describe('POST /api/auth/login', () => {
  it('signs in with the right password, whatever the case of the email', async () => {
    const { user } = await t.registerClient({ password: 'Right-pass-1' });
    const response = await post('/api/auth/login', {
      email: user.email.toUpperCase(),
      password: 'Right-pass-1',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user._id).toBe(user._id);
    expect(response.json().token).toEqual(expect.any(String));
  });

  it('gives no hint whether the email or the password was wrong (401)', async () => {
    const { user } = await t.registerClient({ password: 'Right-pass-1' });
    const wrongPassword = await post('/api/auth/login', {
      email: user.email,
      password: 'Wrong-pass-1',
    });
    const unknownEmail = await post('/api/auth/login', {
      email: 'nobody@example.test',
      password: 'Wrong-pass-1',
    });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual(unknownEmail.json());
    expect(wrongPassword.json().message).toBe(authMessages.badCredentials);
  });

  it('writes successes and failures to the audit log without the password', async () => {
    const { user } = await t.registerClient({ password: 'Right-pass-1' });
    const ip = nextIp();
    await post('/api/auth/login', { email: user.email, password: 'Wrong-pass-1' }, ip);
    await post('/api/auth/login', { email: user.email, password: 'Right-pass-1' }, ip);
    const entries = await db.select().from(auditLogs).where(eq(auditLogs.userId, user._id));
    const messages = entries.map((e) => `${e.level}:${e.message}:${e.ip}`);
    expect(messages).toContain(`warning:Failed sign-in:${ip}`);
    expect(messages).toContain(`info:Signed in:${ip}`);
    expect(JSON.stringify(entries)).not.toContain('Wrong-pass-1');
  });

  it('is rate limited per IP (429)', async () => {
    const ip = nextIp();
    let last = 0;
    for (let i = 0; i < 11; i++) {
      last = (await post('/api/auth/login', { email: 'x@example.test', password: 'nope' }, ip))
        .statusCode;
    }
    expect(last).toBe(429);
  });
});

describe('GET /api/auth/verify', () => {
  it('answers 401 without a token, with a forged one, and after a password change', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/auth/verify' })).statusCode).toBe(401);
    const forged = await t.injectAs('eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.bad', {
      method: 'GET',
      url: '/api/auth/verify',
    });
    expect(forged.statusCode).toBe(401);

    const { token, user } = await t.registerClient();
    await db.update(users).set({ tokenVersion: 1 }).where(eq(users.id, user._id));
    const stale = await t.injectAs(token, { method: 'GET', url: '/api/auth/verify' });
    expect(stale.statusCode).toBe(401);
    expect(stale.json().message).toMatch(/sign in again/);
  });
});
