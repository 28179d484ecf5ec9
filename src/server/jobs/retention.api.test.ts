import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLogs, enquiries, outbox, users } from '#server/db/schema.ts';
import { CLEARED_UNDELIVERED, queueMail } from '#server/domain/mail/outbox.ts';
import { retention } from '#shared/retention.ts';
import { build } from '#test/support/test-app.ts';
import {
  clearStaleSensitiveMail,
  deleteExpiredEnquiries,
  deleteOldMail,
  eraseClosedAccounts,
  SENSITIVE_MAIL_RETENTION_DAYS,
} from './retention.ts';

// Retention of mail bodies that hold one-time links and were never delivered.

const t = await build();
const db = t.deps.database.db;
const DAY_MS = 86_400_000;

const rowOf = async (id: string) => (await db.select().from(outbox).where(eq(outbox.id, id)))[0]!;

async function queued(
  values: { sensitive?: boolean; kind?: string; ageDays: number },
  status: 'pending' | 'failed' = 'pending',
) {
  const row = await queueMail(db, {
    kind: values.kind ?? 'password-reset-test',
    to: 'jo@example.com',
    subject: 'Reset',
    text: 'https://portal.example.com/reset-password/token-abc',
    html: '<a href="https://portal.example.com/reset-password/token-abc">Reset</a>',
    sensitive: values.sensitive,
  });
  const createdAt = new Date(Date.now() - values.ageDays * DAY_MS);
  await db
    .update(outbox)
    .set({ createdAt, nextAttemptAt: createdAt, status })
    .where(eq(outbox.id, row.id));
  return row.id;
}

describe('clearStaleSensitiveMail', () => {
  it('clears undelivered one-time links past the retention period and stops their sending', async () => {
    const days = SENSITIVE_MAIL_RETENTION_DAYS;
    const stalePending = await queued({ sensitive: true, ageDays: days + 1 });
    const staleFailed = await queued({ sensitive: true, ageDays: days + 1 }, 'failed');
    const recent = await queued({ sensitive: true, ageDays: days - 1 });
    const plain = await queued({ ageDays: days + 30 });
    // Queued before the sensitive flag existed: known by its kind.
    const legacy = await queued({ kind: 'team-invite', ageDays: days + 1 });

    expect(await clearStaleSensitiveMail(db)).toBe(3);

    // Both parts: the text becomes a note and the HTML, which holds the same link, goes.
    expect(await rowOf(stalePending)).toMatchObject({
      text: CLEARED_UNDELIVERED,
      html: null,
      status: 'failed',
    });
    expect((await rowOf(stalePending)).lastError).toMatch(/Not delivered within/);
    expect(await rowOf(staleFailed)).toMatchObject({ text: CLEARED_UNDELIVERED, status: 'failed' });
    expect(await rowOf(legacy)).toMatchObject({ text: CLEARED_UNDELIVERED });
    for (const id of [recent, plain]) {
      expect((await rowOf(id)).text).toContain('/reset-password/token-abc');
      expect((await rowOf(id)).html).toContain('/reset-password/token-abc');
    }
    expect(await clearStaleSensitiveMail(db)).toBe(0);
  });

  it('leaves a row alone while an instance holds it for a send', async () => {
    const id = await queued({ sensitive: true, ageDays: SENSITIVE_MAIL_RETENTION_DAYS + 1 });
    const leased = new Date(Date.now() + 5 * 60_000);
    await db.update(outbox).set({ nextAttemptAt: leased }).where(eq(outbox.id, id));
    await clearStaleSensitiveMail(db);
    expect(await rowOf(id)).toMatchObject({ status: 'pending' });
    expect((await rowOf(id)).text).toContain('token-abc');
  });
});

describe('deleteExpiredEnquiries', () => {
  it('deletes enquiries older than the promised period, keeps newer ones, and counts them on record', async () => {
    const day = 86_400_000;
    const [old, recent] = await db
      .insert(enquiries)
      .values([
        {
          name: 'Old Enquirer',
          email: 'old@example.test',
          interest: 'Other',
          message: 'Long ago',
          createdAt: new Date(Date.now() - (retention.enquiriesDays + 1) * day),
        },
        {
          name: 'New Enquirer',
          email: 'new@example.test',
          interest: 'Other',
          message: 'Lately',
          createdAt: new Date(Date.now() - (retention.enquiriesDays - 1) * day),
        },
      ])
      .returning();
    expect(await deleteExpiredEnquiries(db)).toBeGreaterThanOrEqual(1);
    const left = await db.select().from(enquiries);
    expect(left.map((e) => e.id)).toContain(recent!.id);
    expect(left.map((e) => e.id)).not.toContain(old!.id);
    const [entry] = await db.select().from(auditLogs).where(eq(auditLogs.source, 'retention'));
    expect(entry?.message).toMatch(/^\d+ (enquiry|enquiries) older than 730 days deleted$/);
    expect(JSON.stringify(entry)).not.toContain('Long ago');
  });
});

describe('deleteOldMail', () => {
  it('deletes sent and failed mail older than the promised period, never mail still to send', async () => {
    const sent = await queued({ ageDays: retention.mailDays + 1 }, 'failed');
    await db.update(outbox).set({ status: 'sent' }).where(eq(outbox.id, sent));
    const failed = await queued({ ageDays: retention.mailDays + 1 }, 'failed');
    const waiting = await queued({ ageDays: retention.mailDays + 1 }, 'pending');
    const recent = await queued({ ageDays: retention.mailDays - 1 }, 'failed');
    expect(await deleteOldMail(db)).toBeGreaterThanOrEqual(2);
    const left = (await db.select({ id: outbox.id }).from(outbox)).map((row) => row.id);
    expect(left).not.toContain(sent);
    expect(left).not.toContain(failed);
    expect(left).toEqual(expect.arrayContaining([waiting, recent]));
  });
});

describe('eraseClosedAccounts', () => {
  it('erases accounts closed longer than the promised period, and only those', async () => {
    const day = 86_400_000;
    const closedLongAgo = await t.createUser({
      name: 'Long Gone Person',
      closedAt: new Date(Date.now() - (retention.closedAccountDays + 1) * day),
    });
    const closedLately = await t.createUser({
      name: 'Recently Closed Person',
      closedAt: new Date(Date.now() - (retention.closedAccountDays - 1) * day),
    });
    const open = await t.createUser({ name: 'Still Open Person' });
    expect(await eraseClosedAccounts(db)).toBe(1);
    const rowOfUser = async (id: string) =>
      (await db.select().from(users).where(eq(users.id, id)))[0]!;
    expect(await rowOfUser(closedLongAgo.user.id)).toMatchObject({ name: 'Erased account' });
    expect((await rowOfUser(closedLongAgo.user.id)).erasedAt).toBeInstanceOf(Date);
    expect(await rowOfUser(closedLately.user.id)).toMatchObject({
      name: 'Recently Closed Person',
      erasedAt: null,
    });
    expect(await rowOfUser(open.user.id)).toMatchObject({ name: 'Still Open Person' });
    const entries = await db.select().from(auditLogs).where(eq(auditLogs.source, 'retention'));
    expect(entries.map((e) => e.message)).toContain(
      '1 account closed more than 90 days ago erased',
    );
    expect(await eraseClosedAccounts(db)).toBe(0);
  });
});
