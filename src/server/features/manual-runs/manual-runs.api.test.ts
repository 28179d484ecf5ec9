import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLogs, manualRunRequests, outbox, users } from '#server/db/schema.ts';
import type { Attention } from '#shared/attention.ts';
import { manualRunMessages } from '#shared/manual-runs.ts';
import { createClient, createProcessFor } from '#test/support/portal.ts';
import { addTeamMember } from '#test/support/team.ts';
import { build } from '#test/support/test-app.ts';

// Asking for manual runs and granting them: one open request per account, asked for the
// owner's account by anyone in it, granted by an admin with one call that switches the
// entitlement on, closes the request, audits it and mails the client.

const t = await build();
const db = t.deps.database.db;
const admin = await t.createUser({ role: 'Admin' });

const paying = () => createClient(t, { plan: 'Pro', status: 'active', entitlements: {} });
const state = (token: string) => t.injectAs(token, { method: 'GET', url: '/api/manual-runs' });
const ask = (token: string) =>
  t.injectAs(token, { method: 'POST', url: '/api/manual-runs/request' });
const grant = (token: string, id: string) =>
  t.injectAs(token, { method: 'POST', url: `/api/admin/manual-run-requests/${id}/grant` });

describe('asking for manual runs', () => {
  it('stores one open request; asking again answers the open one', async () => {
    const me = await paying();
    expect((await state(me.token)).json()).toEqual({ enabled: false, request: null });

    const first = await ask(me.token);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      message: manualRunMessages.requested,
      request: { status: 'requested', requestedBy: { _id: me.user.id, name: me.user.name } },
    });
    const again = await ask(me.token);
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe(manualRunMessages.alreadyRequested);
    expect(again.json().request._id).toBe(first.json().request._id);

    const stored = await db
      .select()
      .from(manualRunRequests)
      .where(eq(manualRunRequests.clientUserId, me.user.id));
    expect(stored).toHaveLength(1);
    const read = (await state(me.token)).json();
    expect(read).toMatchObject({ enabled: false, request: { _id: first.json().request._id } });
    const [entry] = await db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.userId, me.user.id), eq(auditLogs.source, 'manual-runs')));
    expect(entry?.message).toBe('Manual runs requested');
  });

  it('asks for the owner’s account when a team member asks, and both see it', async () => {
    const owner = await paying();
    const member = await addTeamMember(t, owner.user.id);
    const asked = await ask(member.token);
    expect(asked.statusCode).toBe(201);
    const [row] = await db
      .select()
      .from(manualRunRequests)
      .where(eq(manualRunRequests.id, asked.json().request._id));
    expect(row).toMatchObject({ clientUserId: owner.user.id, requestedBy: member.user.id });
    expect((await state(owner.token)).json().request._id).toBe(row!.id);
    // The owner asking now answers the member's request.
    const fromOwner = await ask(owner.token);
    expect(fromOwner.statusCode).toBe(200);
    expect(fromOwner.json().request._id).toBe(row!.id);
  });

  it('answers 409 when manual runs are on already', async () => {
    const on = await createClient(t, { plan: 'Basic', entitlements: { manualTrigger: true } });
    expect((await state(on.token)).json()).toEqual({ enabled: true, request: null });
    const refused = await ask(on.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(manualRunMessages.alreadyOn);
  });

  it('is not for an admin testing as the client', async () => {
    const me = await paying();
    const testing = await t.impersonate(admin.token, me.user.id);
    expect((await ask(testing)).statusCode).toBe(403);
    expect((await state(testing)).statusCode).toBe(200);
  });
});

describe('granting manual runs', () => {
  it('shows on Today, and one call turns them on, closes, audits and mails', async () => {
    const me = await paying();
    const process = await createProcessFor(t, me.user.id);
    const requestId: string = (await ask(me.token)).json().request._id;

    const today: Attention = (
      await t.injectAs(admin.token, { method: 'GET', url: '/api/admin/attention' })
    ).json();
    expect(today.manualRuns.items).toContainEqual(
      expect.objectContaining({
        id: requestId,
        kind: 'manual_run_request',
        title: me.user.name,
        href: `/admin/clients/${me.user.id}#entitlements`,
      }),
    );

    // Refused before: the plan does not include runs by hand.
    const run = () =>
      t.injectAs(me.token, { method: 'POST', url: `/api/n8n/trigger/${process.id}`, payload: {} });
    expect((await run()).statusCode).toBe(403);

    const granted = await grant(admin.token, requestId);
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json().message).toBe(manualRunMessages.granted);

    const [owner] = await db.select().from(users).where(eq(users.id, me.user.id));
    expect(owner?.entitlements.manualTrigger).toBe(true);
    const [row] = await db
      .select()
      .from(manualRunRequests)
      .where(eq(manualRunRequests.id, requestId));
    expect(row).toMatchObject({ status: 'granted', decidedBy: admin.user.id });
    expect(row?.decidedAt).toBeInstanceOf(Date);
    const entries = await db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.userId, me.user.id), eq(auditLogs.actorId, admin.user.id)));
    expect(entries.map((e) => e.message)).toContain('Manual runs turned on, as the client asked');
    const [mail] = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, me.user.email), eq(outbox.kind, 'manual-runs-granted')));
    expect(mail?.subject).toBe('Manual runs are on for your account');
    expect(mail?.text).toContain('/client/processes');

    expect((await state(me.token)).json()).toEqual({ enabled: true, request: null });
    expect((await run()).statusCode).not.toBe(403);
    const after: Attention = (
      await t.injectAs(admin.token, { method: 'GET', url: '/api/admin/attention' })
    ).json();
    expect(after.manualRuns.items.some((i) => i.id === requestId)).toBe(false);

    const twice = await grant(admin.token, requestId);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(manualRunMessages.alreadyAnswered);
  });

  it('is for admins only and knows no stranger ids', async () => {
    const me = await paying();
    const requestId: string = (await ask(me.token)).json().request._id;
    expect((await grant(me.token, requestId)).statusCode).toBe(403);
    const testing = await t.impersonate(admin.token, me.user.id);
    expect((await grant(testing, requestId)).statusCode).toBe(403);
    for (const id of ['not-an-id', crypto.randomUUID()]) {
      const unknown = await grant(admin.token, id);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe(manualRunMessages.requestNotFound);
    }
  });
});
