import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLogs, outbox } from '#server/db/schema.ts';
import { CLEARED_AFTER_DELIVERY, queueMail } from '#server/domain/mail/outbox.ts';
import { type OutboxPage, outboxMessages } from '#shared/outbox.ts';
import { pageCursorMessage } from '#shared/page-cursor.ts';
import { beforeParam, insertPackedMail, repeatsOf, walkPages } from '#test/support/packed-rows.ts';
import { build } from '#test/support/test-app.ts';

// The admin Outbox: pages of every mail with counts, one in full, resend,
// delete; admins only, and reading a one-time link is on record.

const t = await build();
const db = t.deps.database.db;
const admin = await t.createUser({ role: 'Admin' });
const get = (url: string, token = admin.token) => t.injectAs(token, { method: 'GET', url });
const post = (url: string) => t.injectAs(admin.token, { method: 'POST', url });

async function seed() {
  const pending = await queueMail(db, {
    kind: 'team-invite',
    to: 'invitee@example.test',
    subject: 'You are invited',
    text: 'Join here: http://localhost:3000/invite/abc',
    sensitive: true,
  });
  const failed = await queueMail(db, {
    kind: 'enquiry',
    to: 'ops@example.test',
    subject: 'Enquiry',
    text: 'Hello',
  });
  await db
    .update(outbox)
    .set({ status: 'failed', attempts: 8, lastError: '550 mailbox unavailable' })
    .where(eq(outbox.id, failed.id));
  const cleared = await queueMail(db, {
    kind: 'password-reset',
    to: 'x@example.test',
    subject: 'Reset',
    text: 'link',
  });
  await db
    .update(outbox)
    .set({ status: 'sent', sentAt: new Date(), text: CLEARED_AFTER_DELIVERY })
    .where(eq(outbox.id, cleared.id));
  return { pending, failed, cleared };
}

describe('admin outbox', () => {
  it('lists every mail newest first with counts, says SMTP is not set, and pages', async () => {
    const { pending, failed } = await seed();
    const page = await get('/api/admin/outbox?limit=2');
    expect(page.statusCode).toBe(200);
    const body = page.json();
    expect(body.smtpConfigured).toBe(false);
    expect(body.counts).toMatchObject({ pending: expect.any(Number), failed: expect.any(Number) });
    expect(body.mails).toHaveLength(2);
    expect(body.nextCursor).toEqual(expect.any(String));
    const next = await get(
      `/api/admin/outbox?limit=2&before=${encodeURIComponent(body.nextCursor)}`,
    );
    const ids = [...body.mails, ...next.json().mails].map((m: { id: string }) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining([pending.id, failed.id]));
    // The list never carries message text.
    expect(JSON.stringify(body)).not.toContain('/invite/abc');

    const onlyFailed = (await get('/api/admin/outbox?status=failed')).json();
    expect(onlyFailed.mails.every((m: { status: string }) => m.status === 'failed')).toBe(true);
    expect(onlyFailed.mails[0]).toMatchObject({
      attempts: 8,
      lastError: '550 mailbox unavailable',
    });
    expect((await get('/api/admin/outbox/failed-count')).json().failed).toBeGreaterThanOrEqual(1);
  });

  it('pages through 250 messages queued seven to a millisecond, each once', async () => {
    await insertPackedMail(db, 'Packed mail', {
      count: 250,
      perMs: 7,
      base: new Date(Date.now() - 60_000),
    });
    const seen = await walkPages(async (before) => {
      const page = (await get(`/api/admin/outbox?limit=50${beforeParam(before)}`)).json();
      const { mails, nextCursor } = page as OutboxPage;
      return { items: mails.map((mail) => mail.subject), next: nextCursor };
    });
    const packed = seen.filter((subject) => subject.startsWith('Packed mail '));
    expect(repeatsOf(packed)).toEqual([]);
    expect(packed).toHaveLength(250);
    // A cursor the server could not have given is refused with words, never a 500.
    const bad = await get(`/api/admin/outbox?limit=50${beforeParam('2026-11-26T10:00:00.000Z|x')}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(pageCursorMessage);
  });

  it('shows a mail in full and records reading a one-time link', async () => {
    const { pending } = await seed();
    const mail = await get(`/api/admin/outbox/${pending.id}`);
    expect(mail.json()).toMatchObject({ text: 'Join here: http://localhost:3000/invite/abc' });
    const [entry] = await db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.source, 'mail'), eq(auditLogs.actorId, admin.user.id)));
    expect(entry?.message).toBe(
      'Outbox message to invitee@example.test read (it holds a one-time link)',
    );
    expect(JSON.stringify(entry?.details)).not.toContain('/invite/abc');
    expect((await get('/api/admin/outbox/not-an-id')).statusCode).toBe(404);
  });

  it('sends a failed mail again, refuses a cleared or pending one, and deletes', async () => {
    const { pending, failed, cleared } = await seed();
    const again = await post(`/api/admin/outbox/${failed.id}/resend`);
    expect(again.json()).toEqual({ message: outboxMessages.resent });
    const [row] = await db.select().from(outbox).where(eq(outbox.id, failed.id));
    expect(row).toMatchObject({ status: 'pending', attempts: 0, lastError: null });
    const refused = await post(`/api/admin/outbox/${cleared.id}/resend`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(outboxMessages.resendCleared);
    expect((await post(`/api/admin/outbox/${pending.id}/resend`)).statusCode).toBe(409);

    const removed = await t.injectAs(admin.token, {
      method: 'DELETE',
      url: `/api/admin/outbox/${pending.id}`,
    });
    expect(removed.json()).toEqual({ message: outboxMessages.deleted });
    expect(await db.select().from(outbox).where(eq(outbox.id, pending.id))).toEqual([]);
  });

  it('is for admins only', async () => {
    const client = await t.createUser();
    expect((await get('/api/admin/outbox', client.token)).statusCode).toBe(403);
    expect((await get('/api/admin/outbox/failed-count', client.token)).statusCode).toBe(403);
  });
});
