import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLogs, outbox, runs, teamInvites, teamMembers } from '#server/db/schema.ts';
import { createSmtpTransport } from '#server/integrations/mailer/smtp.ts';
import { billingApiMessages } from '#shared/billing-api.ts';
import { teamMessages } from '#shared/team.ts';
import { startFakeN8n } from '#test/support/fake-n8n.ts';
import { createClient, createProcessFor } from '#test/support/portal.ts';
import { startSmtpCatcher } from '#test/support/smtp-catcher.ts';
import { addTeamMember } from '#test/support/team.ts';
import { build, nextIp } from '#test/support/test-app.ts';

const t = await build();
const n8n = await startFakeN8n();
const db = t.deps.database.db;

const inviteAs = (token: string, payload: object) =>
  t.injectAs(token, { method: 'POST', url: '/api/team/invite', payload });
const get = (token: string, url: string) => t.injectAs(token, { method: 'GET', url });
const preview = (token: string) =>
  t.app.inject({ url: `/api/team/invites/${token}`, remoteAddress: nextIp() });

/** Invites `email` and returns the token from the accept link in the e-mail. */
async function inviteAndGetToken(ownerToken: string, email: string, role = 'member') {
  const response = await inviteAs(ownerToken, { email, role });
  expect(response.statusCode).toBe(201);
  const mails = await db
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, email), eq(outbox.kind, 'team-invite')));
  const match = /\/invite\/([A-Za-z0-9_-]+)/.exec(mails.at(-1)?.text ?? '');
  if (!match?.[1]) throw new Error('no accept link in the invite e-mail');
  return match[1];
}

describe('team gate', () => {
  it('answers 403 without Pro or the team entitlement', async () => {
    const basic = await createClient(t, { plan: 'Basic' });
    for (const url of ['/api/team/members', '/api/team/invites']) {
      const response = await get(basic.token, url);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(teamMessages.notEnabled);
    }
    expect((await inviteAs(basic.token, { email: 'a@example.test' })).statusCode).toBe(403);
    const entitled = await createClient(t, { plan: 'Basic', entitlements: { team: true } });
    expect((await get(entitled.token, '/api/team/members')).statusCode).toBe(200);
    const proWithoutTeam = await createClient(t, { plan: 'Pro', entitlements: { team: false } });
    expect((await get(proWithoutTeam.token, '/api/team/members')).statusCode).toBe(403);
  });
});

describe('invites', () => {
  it('invites as member by default, queues a 7-day link and lists it as pending', async () => {
    const owner = await createClient(t, { plan: 'Pro' });
    const response = await inviteAs(owner.token, { email: ' New.Person@Example.test ' });
    expect(response.statusCode).toBe(201);
    // This server has no SMTP: it says so and hands the link to the inviter.
    expect(response.json()).toMatchObject({
      message: teamMessages.inviteCreatedNoMail,
      emailed: false,
      inviteLink: expect.stringMatching(/\/invite\/[A-Za-z0-9_-]{43}$/),
    });
    const invite = response.json().invite;
    expect(invite).toMatchObject({ inviteeEmail: 'new.person@example.test', role: 'member' });
    const days = (Date.parse(invite.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);

    const [mail] = await db.select().from(outbox).where(eq(outbox.to, 'new.person@example.test'));
    expect(mail?.text).toContain(`${t.deps.config.publicUrl}/invite/`);
    expect(mail?.text).toContain(response.json().inviteLink);
    const pending = await get(owner.token, '/api/team/invites');
    expect(pending.json()).toEqual([invite]);
    const [log] = await db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.userId, owner.user.id), eq(auditLogs.source, 'team')));
    expect(log?.message).toBe('Invited new.person@example.test as member');
    expect(JSON.stringify(log)).not.toMatch(/\/invite\//);
  });

  it('sends nothing for an empty email and checks the role', async () => {
    const owner = await createClient(t, { plan: 'Pro' });
    const before = (await db.select().from(outbox)).length;
    const empty = await inviteAs(owner.token, { email: '  ', role: 'member' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({ email: teamMessages.emailRequired });
    const role = await inviteAs(owner.token, { email: 'r@example.test', role: 'owner' });
    expect(role.json().errors).toEqual({ role: teamMessages.role });
    expect((await db.select().from(outbox)).length).toBe(before);
  });

  it('replaces a pending invite for the same address and can revoke it', async () => {
    const owner = await createClient(t, { plan: 'Pro' });
    const first = await inviteAndGetToken(owner.token, 'twice@example.test');
    const second = await inviteAndGetToken(owner.token, 'twice@example.test', 'admin');
    expect((await preview(first)).statusCode).toBe(404);
    const pending = (await get(owner.token, '/api/team/invites')).json();
    expect(pending).toHaveLength(1);
    expect(pending[0].role).toBe('admin');
    const revoked = await t.injectAs(owner.token, {
      method: 'DELETE',
      url: `/api/team/invites/${pending[0]._id}`,
    });
    expect(revoked.statusCode).toBe(200);
    expect((await preview(second)).statusCode).toBe(404);
  });

  it('refuses addresses already in this or another team (409)', async () => {
    const owner = await createClient(t, { plan: 'Pro' });
    const otherOwner = await createClient(t, { plan: 'Pro' });
    const mine = await addTeamMember(t, owner.user.id);
    const theirs = await addTeamMember(t, otherOwner.user.id);
    const here = await inviteAs(owner.token, { email: mine.user.email });
    expect(here.statusCode).toBe(409);
    expect(here.json().message).toBe(teamMessages.alreadyMember);
    const elsewhere = await inviteAs(owner.token, { email: theirs.user.email });
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json().message).toBe(teamMessages.inOtherTeam);
    expect((await inviteAs(owner.token, { email: owner.user.email })).statusCode).toBe(409);
    const ownsTeam = await inviteAs(owner.token, { email: otherOwner.user.email });
    expect(ownsTeam.statusCode).toBe(409);
    expect(ownsTeam.json().message).toBe(teamMessages.ownsTeam);
  });
});

describe('accepting an invite', () => {
  it('by sign-up: the new account joins the team and sees and runs the owner’s processes', async () => {
    const owner = await createClient(t, { plan: 'Pro' });
    const process = await createProcessFor(t, owner.user.id, {
      n8nWebhookUrl: n8n.url('/ok/team-run'),
    });
    const token = await inviteAndGetToken(owner.token, 'joiner@example.test');

    const shown = await preview(token);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({
      inviterName: owner.user.name,
      ownerName: owner.user.name,
      inviteeEmail: 'joiner@example.test',
      role: 'member',
    });

    const wrongEmail = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress: nextIp(),
      payload: {
        name: 'Other Person',
        email: 'someone-else@example.test',
        password: 'Sup3r-secret',
        confirmPassword: 'Sup3r-secret',
        acceptedTOS: true,
        inviteToken: token,
      },
    });
    expect(wrongEmail.statusCode).toBe(400);
    expect(wrongEmail.json().errors).toEqual({
      email: teamMessages.wrongEmail('joiner@example.test'),
    });

    const joined = await t.registerClient({ email: 'joiner@example.test', inviteToken: token });
    const members = (await get(joined.token, '/api/team/members')).json();
    expect(members.map((m: { role: string }) => m.role)).toEqual(['owner', 'member']);
    expect(members[0]).toMatchObject({
      _id: owner.user.id,
      memberUserId: { email: owner.user.email },
    });
    expect(members[1].memberUserId.email).toBe('joiner@example.test');

    const list = await get(joined.token, '/api/n8n/my-processes');
    expect(list.json().map((p: { _id: string }) => p._id)).toEqual([process.id]);
    const run = await t.injectAs(joined.token, {
      method: 'POST',
      url: `/api/n8n/trigger/${process.id}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(run.statusCode).toBe(200);
    const [recorded] = await db.select().from(runs).where(eq(runs.processId, process.id));
    expect(recorded).toMatchObject({ clientUserId: owner.user.id, triggeredBy: joined.user._id });

    // The link is used up.
    expect((await preview(token)).statusCode).toBe(404);
    expect((await get(owner.token, '/api/team/invites')).json()).toEqual([]);
  });

  it('by sign-in: the invited user accepts with the role of the invite', async () => {
    const owner = await createClient(t, { plan: 'Basic', entitlements: { team: true } });
    const invitee = await t.createUser({ email: 'signin-invitee@example.test' });
    const stranger = await t.createUser();
    const token = await inviteAndGetToken(owner.token, invitee.user.email, 'admin');
    const accept = (who: string) =>
      t.injectAs(who, { method: 'POST', url: `/api/team/invites/${token}/accept` });

    const wrong = await accept(stranger.token);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe(teamMessages.wrongEmail(invitee.user.email));
    const ok = await accept(invitee.token);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ role: 'admin', ownerName: owner.user.name });
    const [membership] = await db
      .select()
      .from(teamMembers)
      .where(eq(teamMembers.memberUserId, invitee.user.id));
    expect(membership).toMatchObject({ ownerUserId: owner.user.id, role: 'admin' });
    expect((await accept(invitee.token)).statusCode).toBe(404);
    const audit = await db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.userId, owner.user.id), eq(auditLogs.source, 'team')));
    expect(audit.map((a) => a.message)).toContain(`${invitee.user.email} joined the team as admin`);
  });

  it('refuses an expired link (404) and an unknown one', async () => {
    const owner = await createClient(t, { plan: 'Pro' });
    const invitee = await t.createUser({ email: 'late@example.test' });
    const token = await inviteAndGetToken(owner.token, invitee.user.email);
    await db
      .update(teamInvites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(teamInvites.inviteeEmail, 'late@example.test'));
    expect((await preview(token)).statusCode).toBe(404);
    const late = await t.injectAs(invitee.token, {
      method: 'POST',
      url: `/api/team/invites/${token}/accept`,
    });
    expect(late.statusCode).toBe(404);
    expect(late.json().message).toBe(teamMessages.linkInvalid);
    expect((await preview('nonsense')).statusCode).toBe(404);
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress: nextIp(),
      payload: {
        name: 'Late Person',
        email: 'late-signup@example.test',
        password: 'Sup3r-secret',
        confirmPassword: 'Sup3r-secret',
        acceptedTOS: true,
        inviteToken: token,
      },
    });
    expect(signUp.statusCode).toBe(400);
    expect(signUp.json().errors).toEqual({ inviteToken: teamMessages.linkInvalid });
  });
});

describe('team roles', () => {
  it('a member sees the team but cannot manage invites, members, schedules or billing', async () => {
    const owner = await createClient(t, { plan: 'Pro' });
    const member = await addTeamMember(t, owner.user.id, 'member');
    const colleague = await addTeamMember(t, owner.user.id, 'member');
    const process = await createProcessFor(t, owner.user.id);

    expect((await get(member.token, '/api/team/members')).statusCode).toBe(200);
    const invites = await get(member.token, '/api/team/invites');
    expect(invites.statusCode).toBe(403);
    expect(invites.json().message).toBe(teamMessages.ownerOrAdmin);
    expect((await inviteAs(member.token, { email: 'm@example.test' })).statusCode).toBe(403);
    const remove = await t.injectAs(member.token, {
      method: 'DELETE',
      url: `/api/team/members/${colleague.membership.id}`,
    });
    expect(remove.statusCode).toBe(403);

    const schedule = await t.injectAs(member.token, {
      method: 'POST',
      url: '/api/scheduler',
      payload: { processId: process.id, cron: '0 * * * *' },
    });
    expect(schedule.statusCode).toBe(403);
    expect(schedule.json().message).toBe(teamMessages.schedulesNeedAdmin);
    expect((await get(member.token, '/api/scheduler')).statusCode).toBe(200);

    const billing = await t.injectAs(member.token, { method: 'POST', url: '/api/zoho/portal-url' });
    expect(billing.statusCode).toBe(403);
    expect(billing.json().message).toBe(billingApiMessages.ownerOnly);
    const owners = await t.injectAs(owner.token, { method: 'POST', url: '/api/zoho/portal-url' });
    expect(owners.statusCode).toBe(200);
  });

  it('a team admin invites, manages schedules and removes members, but not billing', async () => {
    const owner = await createClient(t, { plan: 'Pro' });
    const admin = await addTeamMember(t, owner.user.id, 'admin');
    const member = await addTeamMember(t, owner.user.id, 'member');
    const process = await createProcessFor(t, owner.user.id);

    expect((await inviteAs(admin.token, { email: 'by-admin@example.test' })).statusCode).toBe(201);
    expect((await get(admin.token, '/api/team/invites')).json()).toHaveLength(1);
    const created = await t.injectAs(admin.token, {
      method: 'POST',
      url: '/api/scheduler',
      payload: { processId: process.id, cron: '0 * * * *' },
    });
    expect(created.statusCode).toBe(201);
    // The member sees it but cannot delete it; the admin can.
    const id = created.json()._id;
    const del = (token: string) =>
      t.injectAs(token, { method: 'DELETE', url: `/api/scheduler/${id}` });
    expect((await del(member.token)).statusCode).toBe(403);
    expect((await del(admin.token)).statusCode).toBe(200);

    const removed = await t.injectAs(admin.token, {
      method: 'DELETE',
      url: `/api/team/members/${member.membership.id}`,
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().message).toBe(teamMessages.removed);
    // Removed: back on their own (empty) account.
    expect((await get(member.token, '/api/n8n/my-processes')).json()).toEqual([]);

    const billing = await t.injectAs(admin.token, { method: 'POST', url: '/api/zoho/portal-url' });
    expect(billing.statusCode).toBe(403);
  });

  it('never removes the owner (409); a member may leave', async () => {
    const owner = await createClient(t, { plan: 'Pro' });
    const admin = await addTeamMember(t, owner.user.id, 'admin');
    const member = await addTeamMember(t, owner.user.id, 'member');
    for (const who of [owner, admin]) {
      const response = await t.injectAs(who.token, {
        method: 'DELETE',
        url: `/api/team/members/${owner.user.id}`,
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(teamMessages.ownerNotRemovable);
    }
    const leave = await t.injectAs(member.token, {
      method: 'DELETE',
      url: `/api/team/members/${member.membership.id}`,
    });
    expect(leave.statusCode).toBe(200);
    const left = await db
      .select()
      .from(teamMembers)
      .where(eq(teamMembers.ownerUserId, owner.user.id));
    expect(left.map((m) => m.memberUserId)).toEqual([admin.user.id]);
  });

  it('answers 404 for a member of another team', async () => {
    const owner = await createClient(t, { plan: 'Pro' });
    const other = await createClient(t, { plan: 'Pro' });
    const theirs = await addTeamMember(t, other.user.id);
    const response = await t.injectAs(owner.token, {
      method: 'DELETE',
      url: `/api/team/members/${theirs.membership.id}`,
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('invites with mail set up', () => {
  it('says the invite was e-mailed and keeps the link out of the answer', async () => {
    const catcher = await startSmtpCatcher();
    const mailing = await build({
      database: t.deps.database,
      integrations: { ...t.deps.integrations, mailer: createSmtpTransport(catcher.url) },
    });
    const owner = await createClient(mailing, { plan: 'Pro' });
    const response = await mailing.injectAs(owner.token, {
      method: 'POST',
      url: '/api/team/invite',
      payload: { email: 'mailed.person@example.test' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      message: teamMessages.inviteSent,
      emailed: true,
      inviteLink: null,
    });
  });
});
