import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailVerifications, outbox, users } from '#server/db/schema.ts';
import { emailVerificationMessages as messages } from '#shared/email-verification-text.ts';
import { passwordMessages } from '#shared/password.ts';
import { build, nextIp } from '#test/support/test-app.ts';

// Proving an address: the welcome mail's link, asking for it again, and changing the
// address, which waits for the new address's link.

const t = await build();
const db = t.deps.database.db;

const open = (token: string, remoteAddress = nextIp()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/verify-email',
    payload: { token },
    remoteAddress,
  });
const me = async (token: string) =>
  (await t.injectAs(token, { method: 'GET', url: '/api/auth/verify' })).json().user;
const resend = (token: string) =>
  t.injectAs(token, { method: 'POST', url: '/api/auth/verify-email/resend' });
const change = (token: string, email: string, currentPassword = 'Sup3r-secret') =>
  t.injectAs(token, {
    method: 'POST',
    url: '/api/account/email',
    payload: { email, currentPassword },
  });

async function mailsTo(to: string, kind: string) {
  return db
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, to), eq(outbox.kind, kind)))
    .orderBy(outbox.createdAt);
}

/** The token of the newest verification link mailed to `to`. */
async function newestToken(to: string, kind = 'verify-email') {
  const mail = (await mailsTo(to, kind)).at(-1);
  const match = /\/verify-email\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? '');
  if (!match?.[1]) throw new Error(`no verification link mailed to ${to}`);
  return match[1];
}

const unique = (name: string) => `${name}-${Date.now()}-${nextIp().split('.')[3]}@example.test`;

describe('the welcome mail', () => {
  it('goes out at registration; the account works at once, unverified until the link is opened', async () => {
    const { token, user } = await t.registerClient();
    expect(user.emailVerified).toBe(false);
    const [mail] = await mailsTo(user.email, 'verify-email');
    expect(mail?.subject).toMatch(/^Welcome to .+: please verify your e-mail address$/);
    expect(mail?.text).toContain(`${t.deps.config.publicUrl}/verify-email/`);
    expect((await t.injectAs(token, { method: 'GET', url: '/api/account' })).statusCode).toBe(200);

    const link = await newestToken(user.email);
    const [row] = await db
      .select()
      .from(emailVerifications)
      .where(eq(emailVerifications.userId, user._id));
    // Only the hash is stored.
    expect(row?.tokenHash).not.toBe(link);

    // Opened without signing in: the link is the proof.
    const opened = await open(link);
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toEqual({
      message: messages.verified(user.email),
      email: user.email,
      changed: false,
    });
    expect((await me(token)).emailVerified).toBe(true);
  });

  it('works once, and a used, expired or unknown link says which', async () => {
    const { user } = await t.registerClient();
    const link = await newestToken(user.email);
    expect((await open(link)).statusCode).toBe(200);
    const again = await open(link);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(messages.used);

    const unknown = await open('A'.repeat(43));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(messages.unknown);
    expect((await open('not a token')).statusCode).toBe(404);

    const other = await t.registerClient();
    const stale = await newestToken(other.user.email);
    await db
      .update(emailVerifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailVerifications.userId, other.user._id));
    const expired = await open(stale);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(messages.expired);
    expect((await me(other.token)).emailVerified).toBe(false);
  });

  it('is not sent to an invited member: accepting the mailed invitation proves the address', async () => {
    const owner = await t.createUser({ subscriptionPlan: 'Pro', subscriptionStatus: 'active' });
    const invite = async (email: string) => {
      const sent = await t.injectAs(owner.token, {
        method: 'POST',
        url: '/api/team/invite',
        payload: { email },
      });
      expect(sent.statusCode).toBe(201);
      const mail = (await mailsTo(email, 'team-invite')).at(-1);
      return /\/invite\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
    };
    // Signing up with the invitation.
    const newcomer = unique('newcomer');
    const joined = await t.registerClient({ email: newcomer, inviteToken: await invite(newcomer) });
    expect(joined.user.emailVerified).toBe(true);
    expect(await mailsTo(newcomer, 'verify-email')).toEqual([]);
    // Signing in first, then accepting.
    const existing = await t.registerClient();
    const token = await invite(existing.user.email);
    const accepted = await t.injectAs(existing.token, {
      method: 'POST',
      url: `/api/team/invites/${token}/accept`,
    });
    expect(accepted.statusCode).toBe(200);
    expect((await me(existing.token)).emailVerified).toBe(true);
  });
});

describe('Send the link again', () => {
  it('sends a new link that ends the older one, at most three an hour', async () => {
    const { token, user } = await t.registerClient();
    const first = await newestToken(user.email);
    const answer = await resend(token);
    expect(answer.statusCode).toBe(200);
    // This server has no SMTP: the answer does not claim an e-mail went out.
    expect(answer.json().message).toBe(messages.resentNoMail(user.email));
    const second = await newestToken(user.email);
    expect(second).not.toBe(first);
    expect((await open(first)).json().message).toBe(messages.replaced);

    expect((await resend(token)).statusCode).toBe(200);
    const limited = await resend(token);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(messages.tooMany);

    expect((await open(await newestToken(user.email))).statusCode).toBe(200);
    const done = await resend(token);
    expect(done.statusCode).toBe(409);
    expect(done.json().message).toBe(messages.alreadyVerified);
  });
});

describe('changing the e-mail address', () => {
  it('keeps the old address until the link sent to the new one is opened', async () => {
    const { token, user } = await t.registerClient();
    const newEmail = unique('moved');
    const asked = await change(token, newEmail.toUpperCase());
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toMatchObject({
      message: messages.changeSentNoMail(newEmail, user.email),
      pendingEmail: newEmail,
    });
    expect((await mailsTo(newEmail, 'email-change')).length).toBe(1);
    const [notice] = await mailsTo(user.email, 'email-change-notice');
    expect(notice?.text).toContain(newEmail);
    expect(notice?.text).not.toMatch(/verify-email/);

    // Nothing changed yet: the old address signs in, the new one does not.
    expect((await me(token)).email).toBe(user.email);
    const pending = await t.injectAs(token, { method: 'GET', url: '/api/account/email' });
    expect(pending.json()).toMatchObject({ pendingEmail: newEmail });
    // The welcome link still proves the current address meanwhile.
    expect((await open(await newestToken(user.email))).json().changed).toBe(false);

    const opened = await open(await newestToken(newEmail, 'email-change'));
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toEqual({
      message: messages.changed(newEmail),
      email: newEmail,
      changed: true,
    });
    expect(await me(token)).toMatchObject({ email: newEmail, emailVerified: true });
    const signIn = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: nextIp(),
        payload: { email, password: 'Sup3r-secret' },
      });
    expect((await signIn(newEmail)).statusCode).toBe(200);
    expect((await signIn(user.email)).statusCode).toBe(401);
    const none = await t.injectAs(token, { method: 'GET', url: '/api/account/email' });
    expect(none.json()).toEqual({ pendingEmail: null, expiresAt: null });
  });

  it('refuses an address another account has, when asked and when the link is opened', async () => {
    const { token } = await t.registerClient();
    const other = await t.registerClient();
    const refused = await change(token, other.user.email);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors).toEqual({ email: messages.taken });

    const wanted = unique('contested');
    expect((await change(token, wanted)).statusCode).toBe(202);
    const link = await newestToken(wanted, 'email-change');
    // Someone registers the address before the link is opened.
    await t.registerClient({ email: wanted });
    const late = await open(link);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(messages.taken);
  });

  it('asks for the current password, refuses the same address, and can be cancelled', async () => {
    const { token, user } = await t.registerClient();
    const wrong = await change(token, unique('x'), 'Wrong-pass-1');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ currentPassword: passwordMessages.currentWrong });
    const same = await change(token, user.email);
    expect(same.statusCode).toBe(400);
    expect(same.json().errors).toEqual({ email: messages.sameAddress });

    const newEmail = unique('undone');
    await change(token, newEmail);
    const link = await newestToken(newEmail, 'email-change');
    const cancelled = await t.injectAs(token, { method: 'DELETE', url: '/api/account/email' });
    expect(cancelled.json()).toEqual({ message: messages.changeCancelled });
    expect((await open(link)).json().message).toBe(messages.replaced);
    const [row] = await db.select().from(users).where(eq(users.id, user._id));
    expect(row?.email).toBe(user.email);
  });

  it('is not for an admin testing as the client', async () => {
    const admin = await t.createUser({ role: 'Admin' });
    const client = await t.registerClient();
    const testing = await t.impersonate(admin.token, client.user._id);
    const refused = await change(testing, unique('tester'));
    expect(refused.statusCode).toBe(403);
  });
});

describe('an address an admin types in', () => {
  it('is not proved, and the links mailed before stop working', async () => {
    const admin = await t.createUser({ role: 'Admin' });
    const { token, user } = await t.registerClient();
    const welcome = await newestToken(user.email);
    const typed = unique('typed-by-admin');
    const edited = await t.injectAs(admin.token, {
      method: 'PATCH',
      url: `/api/admin/clients/${user._id}`,
      payload: { email: typed },
    });
    expect(edited.statusCode).toBe(200);
    expect((await open(welcome)).json().message).toBe(messages.replaced);
    const [row] = await db.select().from(users).where(eq(users.id, user._id));
    expect(row?.email).toBe(typed);
    expect(row?.emailVerifiedAt).toBeNull();
    expect((await me(token)).emailVerified).toBe(false);
  });
});
