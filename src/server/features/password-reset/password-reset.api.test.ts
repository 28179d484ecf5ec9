import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { auditLogs, outbox, passwordResets, users } from '#server/db/schema.ts';
import { authMessages } from '#shared/auth.ts';
import { passwordMessages } from '#shared/password.ts';
import { build, nextIp } from '#test/support/test-app.ts';
import { MAX_RESETS_PER_HOUR } from './service.ts';

const t = await build();
const db = t.deps.database.db;

const post = (url: string, payload: object, remoteAddress = nextIp()) =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress });
const verify = (token: string) => t.injectAs(token, { method: 'GET', url: '/api/auth/verify' });
const login = (email: string, password: string) => post('/api/auth/login', { email, password });
const makeLink = (adminToken: string, clientId: string) =>
  t.injectAs(adminToken, { method: 'POST', url: `/api/admin/clients/${clientId}/reset-link` });

/** The reset mails sent to `to`, oldest first (the request is answered before they exist). */
async function resetMails(to: string, atLeast = 1) {
  return vi.waitFor(async () => {
    const rows = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, to), eq(outbox.kind, 'password-reset')))
      .orderBy(outbox.createdAt);
    if (rows.length < atLeast) throw new Error(`waiting for ${atLeast} mail(s)`);
    return rows;
  });
}

const tokenIn = (text: string) => {
  const match = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(text);
  if (!match?.[1]) throw new Error('no reset link in the mail');
  return match[1];
};

async function requestLink(email: string) {
  const before = (await db.select().from(outbox).where(eq(outbox.to, email))).length;
  const response = await post('/api/auth/forgot-password', { email });
  expect(response.statusCode).toBe(200);
  const mails = await resetMails(email, before + 1);
  return tokenIn(mails.at(-1)!.text);
}

describe('POST /api/auth/forgot-password', () => {
  it('answers known and unknown addresses alike and mails a one-hour link', async () => {
    const { user } = await t.createUser();
    const known = await post('/api/auth/forgot-password', { email: user.email.toUpperCase() });
    const unknown = await post('/api/auth/forgot-password', { email: 'nobody@example.test' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    // This server has no SMTP: the answer does not claim an e-mail was sent.
    expect(known.json()).toEqual({ message: passwordMessages.forgotNoMail });
    expect(unknown.json()).toEqual(known.json());

    const [mail] = await resetMails(user.email);
    expect(mail?.text).toContain(`${t.deps.config.publicUrl}/reset-password/`);
    const [row] = await db.select().from(passwordResets).where(eq(passwordResets.userId, user.id));
    const minutes = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 60_000;
    expect(Math.round(minutes)).toBe(60);
    // Only the hash is stored.
    expect(row!.tokenHash).not.toBe(tokenIn(mail!.text));
    const noMail = await db.select().from(outbox).where(eq(outbox.to, 'nobody@example.test'));
    expect(noMail).toEqual([]);
  });

  it('checks the address format and is rate limited per IP', async () => {
    const bad = await post('/api/auth/forgot-password', { email: 'not-an-email' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ email: authMessages.email });
    const ip = nextIp();
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) {
      codes.push(
        (await post('/api/auth/forgot-password', { email: `x${i}@example.test` }, ip)).statusCode,
      );
    }
    expect(codes.slice(0, 10).every((c) => c === 200)).toBe(true);
    expect(codes[10]).toBe(429);
  });

  it(`sends at most ${MAX_RESETS_PER_HOUR} links per account per hour`, async () => {
    const { user } = await t.createUser();
    for (let i = 0; i < MAX_RESETS_PER_HOUR; i++) await requestLink(user.email);
    const extra = await post('/api/auth/forgot-password', { email: user.email });
    expect(extra.statusCode).toBe(200);
    await vi.waitFor(async () => {
      const [log] = await db
        .select()
        .from(auditLogs)
        .where(eq(auditLogs.userId, user.id))
        .orderBy(desc(auditLogs.createdAt))
        .limit(1);
      expect(log?.message).toBe('Password reset link not sent: hourly limit reached');
    });
    expect(await resetMails(user.email)).toHaveLength(MAX_RESETS_PER_HOUR);
  });
});

describe('POST /api/auth/reset-password', () => {
  it('sets the password once and ends every older session', async () => {
    const { user, token: oldSession } = await t.createUser();
    const first = await requestLink(user.email);
    const second = await requestLink(user.email);
    const reset = await post('/api/auth/reset-password', {
      token: second,
      newPassword: 'Brand-n3w-pass',
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ message: passwordMessages.resetDone });
    expect((await verify(oldSession)).statusCode).toBe(401);
    expect((await login(user.email, 'Sup3r-secret')).statusCode).toBe(401);
    expect((await login(user.email, 'Brand-n3w-pass')).statusCode).toBe(200);

    // Single use, and the older link died with it.
    for (const used of [second, first]) {
      const again = await post('/api/auth/reset-password', {
        token: used,
        newPassword: 'An0ther-pass',
      });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({
        message: passwordMessages.resetInvalid,
        errors: { token: passwordMessages.resetInvalid },
      });
    }
    const logs = await db.select().from(auditLogs).where(eq(auditLogs.userId, user.id));
    expect(logs.map((l) => l.message)).toContain(
      'Password reset with an e-mailed link; all sessions signed out',
    );
    expect(JSON.stringify(logs)).not.toContain(second);
  });

  it('refuses an expired link', async () => {
    const { user } = await t.createUser();
    const token = await requestLink(user.email);
    await db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.userId, user.id));
    const response = await post('/api/auth/reset-password', {
      token,
      newPassword: 'Brand-n3w-pass',
    });
    expect(response.statusCode).toBe(400);
    expect((await login(user.email, 'Sup3r-secret')).statusCode).toBe(200);
  });

  it('refuses unknown tokens and checks the new password', async () => {
    const unknown = await post('/api/auth/reset-password', {
      token: 'A'.repeat(43),
      newPassword: 'Brand-n3w-pass',
    });
    expect(unknown.statusCode).toBe(400);
    const weak = await post('/api/auth/reset-password', { token: 'x', newPassword: 'weakpass' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors).toEqual({ newPassword: authMessages.passwordMix });
  });
});

describe('POST /api/auth/reset-password/check', () => {
  const check = (token: string, remoteAddress = nextIp()) =>
    post('/api/auth/reset-password/check', { token }, remoteAddress);

  it('says whether a link works without using it', async () => {
    const { user } = await t.createUser();
    const token = await requestLink(user.email);
    expect((await check(token)).json()).toEqual({ message: 'This link works.' });
    // Checking used nothing: the link still sets the password, once.
    const reset = await post('/api/auth/reset-password', { token, newPassword: 'N3w-password' });
    expect(reset.statusCode).toBe(200);
    const used = await check(token);
    expect(used.statusCode).toBe(400);
    expect(used.json()).toEqual({
      message: passwordMessages.resetInvalid,
      errors: { token: passwordMessages.resetInvalid },
    });
    expect((await check('A'.repeat(43))).statusCode).toBe(400);
    expect((await check('not a token')).statusCode).toBe(400);
  });

  it('is rate limited per IP like the reset itself', async () => {
    const ip = nextIp();
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) codes.push((await check('A'.repeat(43), ip)).statusCode);
    expect(codes.slice(0, 10).every((c) => c === 400)).toBe(true);
    expect(codes[10]).toBe(429);
  });
});

describe('a closed account', () => {
  it('gets no reset link from an admin, and a link made before it closed does not work', async () => {
    const admin = await t.createUser({ role: 'Admin' });
    const { user } = await t.createUser();
    const made = await makeLink(admin.token, user.id);
    expect(made.statusCode).toBe(200);
    const token = made.json().resetLink.split('/').pop();
    await db.update(users).set({ closedAt: new Date() }).where(eq(users.id, user.id));

    const again = await makeLink(admin.token, user.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: passwordMessages.accountClosed });

    const reset = await post('/api/auth/reset-password', {
      token,
      newPassword: 'Brand-n3w-pass',
    });
    expect(reset.statusCode).toBe(409);
    expect(reset.json()).toEqual({ message: passwordMessages.accountClosed });
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    expect(row?.passwordHash).toBe(user.passwordHash); // nothing was changed
    expect((await login(user.email, 'Brand-n3w-pass')).statusCode).not.toBe(200);
  });
});

describe('POST /api/admin/clients/:id/reset-link', () => {
  it('gives the admin the link to pass on when nothing can be e-mailed, and it works', async () => {
    const admin = await t.createUser({ role: 'Admin' });
    const { user } = await t.createUser();
    const made = await makeLink(admin.token, user.id);
    expect(made.statusCode).toBe(200);
    expect(made.json()).toMatchObject({
      message: passwordMessages.resetLinkNoMail,
      emailed: false,
      resetLink: expect.stringContaining('/reset-password/'),
    });
    const token = made.json().resetLink.split('/').pop();
    const reset = await post('/api/auth/reset-password', {
      token,
      newPassword: 'Brand-n3w-pass',
      confirmPassword: 'Brand-n3w-pass',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const client = await t.createUser();
    const refused = await makeLink(client.token, user.id);
    expect(refused.statusCode).toBe(403);
  });
});
