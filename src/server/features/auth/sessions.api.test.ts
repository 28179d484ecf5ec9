import { and, desc, eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { deleteOldSessions } from '#server/auth/sessions.ts';
import { auditLogs, runs, sessions, users } from '#server/db/schema.ts';
import { seedPackages } from '#server/db/seed/packages.ts';
import { SESSION_RETENTION_DAYS } from '#server/jobs/retention.ts';
import { impersonationMessages } from '#shared/impersonation.ts';
import { anonymous, tokenOf } from '#test/support/billing.ts';
import { startFakeN8n } from '#test/support/fake-n8n.ts';
import { createProcessFor } from '#test/support/portal.ts';
import { addTeamMember } from '#test/support/team.ts';
import { build } from '#test/support/test-app.ts';

// Sessions end on the server: signing out, and an admin's test session tied to the
// admin who opened it. While testing as a client, money and membership stay the
// client's own. A client's allowed IPs hold at sign-in and for team members too.

const t = await build();
const db = t.deps.database.db;
const n8n = await startFakeN8n();
await seedPackages(db);

const verify = (token: string, remoteAddress?: string) =>
  t.injectAs(token, { method: 'GET', url: '/api/auth/verify', remoteAddress });
const logout = (token: string) => t.injectAs(token, { method: 'POST', url: '/api/auth/logout' });
const login = (email: string, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress,
    payload: { email, password: 'Sup3r-secret' },
  });

async function testSession() {
  const admin = await t.createUser({ role: 'Admin' });
  const client = await t.createUser({ subscriptionPlan: 'Pro', subscriptionStatus: 'active' });
  const token = await t.impersonate(admin.token, client.user.id);
  expect((await verify(token)).statusCode).toBe(200);
  return { admin, client, token };
}

describe('signing out', () => {
  it('ends the session on the server: the token is refused afterwards, other sessions live on', async () => {
    const { user } = await t.registerClient();
    const first = await login(user.email, '198.51.100.10');
    const second = await login(user.email, '198.51.100.11');
    const [a, b] = [first.json().token, second.json().token];
    expect((await logout(a)).json()).toEqual({ message: 'Signed out.' });
    expect((await verify(a)).statusCode).toBe(401);
    expect((await verify(a)).json().message).toBe('Your session has ended. Please sign in again.');
    expect((await verify(b)).statusCode).toBe(200);
  });

  it('keeps sessions that ended a month ago no longer', async () => {
    const { user } = await t.registerClient();
    const old = await login(user.email, '198.51.100.12');
    const live = await login(user.email, '198.51.100.13');
    await logout(old.json().token);
    const monthLater = new Date(Date.now() + (SESSION_RETENTION_DAYS + 1) * 86_400_000);
    expect(await deleteOldSessions(db, SESSION_RETENTION_DAYS, new Date())).toBe(0);
    await db.update(sessions).set({ expiresAt: monthLater }).where(eq(sessions.userId, user._id));
    const mine = () => db.select().from(sessions).where(eq(sessions.userId, user._id));
    const before = await mine();
    expect(await deleteOldSessions(db, SESSION_RETENTION_DAYS, monthLater)).toBeGreaterThan(0);
    expect(await mine()).toHaveLength(before.length - 1);
    expect((await verify(live.json().token)).statusCode).toBe(200);
  });

  it('refuses a correctly signed token without an expiry', async () => {
    const { user, token } = await t.createUser();
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());
    const forever = await new SignJWT({ tv: user.tokenVersion, sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .sign(new TextEncoder().encode('test-secret-that-is-long-enough-for-hs256-signing'));
    expect((await verify(token)).statusCode).toBe(200);
    expect((await verify(forever)).statusCode).toBe(401);
  });
});

describe('a test session (impersonation)', () => {
  it('ends when the admin ends it', async () => {
    const { token } = await testSession();
    const ended = await t.injectAs(token, { method: 'POST', url: '/api/auth/impersonation/end' });
    expect(ended.json()).toEqual({ message: 'Impersonation ended.' });
    expect((await verify(token)).statusCode).toBe(401);
  });

  it('ends when the admin signs out', async () => {
    const { admin, token } = await testSession();
    await logout(admin.token);
    const refused = await verify(token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe(impersonationMessages.ended);
  });

  it('ends when the admin changes password, and the admin carries on', async () => {
    const { admin, token } = await testSession();
    const changed = await t.injectAs(admin.token, {
      method: 'PUT',
      url: '/api/settings/password',
      payload: {
        currentPassword: 'Sup3r-secret',
        newPassword: 'N3w-password',
        confirmPassword: 'N3w-password',
      },
    });
    expect(changed.statusCode).toBe(200);
    expect((await verify(changed.json().token)).statusCode).toBe(200);
    expect((await verify(admin.token)).statusCode).toBe(401);
    expect((await verify(token)).statusCode).toBe(401);
  });

  it('ends when the admin loses the Admin role', async () => {
    const { admin, token } = await testSession();
    await db.update(users).set({ role: 'Client' }).where(eq(users.id, admin.user.id));
    expect((await verify(token)).statusCode).toBe(401);
  });

  it.each([
    ['checkout', 'POST', '/api/zoho/select-package', { packageId: 'pro-monthly' }],
    ['a team invite', 'POST', '/api/team/invite', { email: 'new@example.test' }],
  ] as const)('refuses %s with 403', async (_name, method, url, payload) => {
    const { token } = await testSession();
    const refused = await t.injectAs(token, { method, url, payload });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Not available while testing as a client.');
  });

  it('refuses removing a member and leaving a team', async () => {
    const { admin, client, token } = await testSession();
    const member = await addTeamMember(t, client.user.id);
    const remove = await t.injectAs(token, {
      method: 'DELETE',
      url: `/api/team/members/${member.membership.id}`,
    });
    expect(remove.statusCode).toBe(403);
    const asMember = await t.impersonate(admin.token, member.user.id);
    const leave = await t.injectAs(asMember, {
      method: 'DELETE',
      url: `/api/team/members/${member.membership.id}`,
    });
    expect(leave.statusCode).toBe(403);
    expect(leave.json().message).toBe(impersonationMessages.notAvailable);
  });

  it('shows the billing portal and invoices, but refuses choosing, changing or cancelling', async () => {
    const admin = await t.createUser({ role: 'Admin' });
    const { token: own, user } = await t.registerClient();
    await t.injectAs(own, {
      method: 'POST',
      url: '/api/zoho/select-package',
      payload: { packageId: 'basic-monthly' },
    });
    const token = await t.impersonate(admin.token, user._id);

    const [unpaid] = (await t.injectAs(token, { method: 'GET', url: '/api/zoho/invoices' })).json();
    expect(unpaid.status).toBe('unpaid');
    // The invoice and how to pay it may be looked at.
    const shown = await anonymous(t, 'GET', `/api/pay/sessions/${tokenOf(unpaid.paymentUrl)}`);
    expect(shown.statusCode).toBe(200);
    const select = await t.injectAs(token, {
      method: 'POST',
      url: '/api/zoho/select-package',
      payload: { packageId: 'pro-monthly' },
    });
    expect(select.statusCode).toBe(403);

    const portal = await t.injectAs(token, { method: 'POST', url: '/api/zoho/portal-url' });
    const link = tokenOf(portal.json().url);
    expect((await anonymous(t, 'GET', `/api/pay/sessions/${link}`)).statusCode).toBe(200);
    const change = await anonymous(t, 'POST', `/api/pay/sessions/${link}/change`, {
      packageId: 'pro-monthly',
    });
    expect(change.statusCode).toBe(403);
    expect(change.json().message).toBe(impersonationMessages.notAvailable);
    expect((await anonymous(t, 'POST', `/api/pay/sessions/${link}/cancel`)).statusCode).toBe(403);
    // Nor can the test session record a payment: that takes the admin's own session.
    const record = await t.injectAs(token, {
      method: 'POST',
      url: `/api/admin/billing/${user._id}/invoices/${unpaid.id}/payments`,
      payload: { amountDollars: 29, paidOn: '2026-01-05', method: 'ach' },
    });
    expect(record.statusCode).toBe(403);
  });

  it("keeps everything else possible, on record with the admin's id", async () => {
    const { admin, client, token } = await testSession();
    await db
      .update(users)
      .set({ entitlements: { manualTrigger: true } })
      .where(eq(users.id, client.user.id));
    const process = await createProcessFor(t, client.user.id, { n8nWebhookUrl: n8n.url('/ok/a') });
    const run = await t.injectAs(token, { method: 'POST', url: `/api/n8n/trigger/${process.id}` });
    expect(run.statusCode).toBe(200);
    const [row] = await db.select().from(runs).where(eq(runs.processId, process.id));
    expect(row?.triggeredBy).toBe(admin.user.id);

    const created = await t.injectAs(token, {
      method: 'POST',
      url: '/api/scheduler',
      payload: { processId: process.id, cron: '0 * * * *', timezone: '' },
    });
    expect(created.statusCode).toBe(201);
    const [entry] = await db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.userId, client.user.id), eq(auditLogs.source, 'scheduler')))
      .orderBy(desc(auditLogs.createdAt))
      .limit(1);
    expect(entry?.actorId).toBe(admin.user.id);
  });
});

describe("a client's allowed IPs", () => {
  it('refuse a sign-in from another address with 403 and say why', async () => {
    const { user } = await t.registerClient();
    await db
      .update(users)
      .set({ allowedIps: ['203.0.113.7'] })
      .where(eq(users.id, user._id));
    const refused = await login(user.email, '198.51.100.20');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      'Your account only accepts sign-ins from approved IP addresses, and 198.51.100.20 is not one of them. Ask your administrator to add it.',
    );
    expect((await login(user.email, '203.0.113.7')).statusCode).toBe(200);
  });

  it("hold a team member to the owner's list as well as their own", async () => {
    const owner = await t.createUser({ subscriptionPlan: 'Pro', subscriptionStatus: 'active' });
    const member = await addTeamMember(t, owner.user.id);
    await db
      .update(users)
      .set({ allowedIps: ['203.0.113.0/24'] })
      .where(eq(users.id, owner.user.id));
    const outside = await verify(member.token, '198.51.100.30');
    expect(outside.statusCode).toBe(403);
    expect(outside.json().message).toMatch(/^Your team's account only accepts requests/);
    expect((await verify(member.token, '203.0.113.9')).statusCode).toBe(200);
    expect((await login(member.user.email, '198.51.100.31')).statusCode).toBe(403);
    expect((await login(member.user.email, '203.0.113.10')).statusCode).toBe(200);
  });
});
