import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { enquiries, outbox } from '#server/db/schema.ts';
import { deleteExpiredEnquiries } from '#server/jobs/retention.ts';
import { createClient } from '#test/support/portal.ts';
import { build, nextIp } from '#test/support/test-app.ts';

// The notice an enquiry sends the consultancy repeats what the person wrote: their
// message, company and phone. Erasing them (the account, or by retention) clears it with
// the rest (docs/decisions/017-privacy-requests.md).

const t = await build();
const db = t.deps.database.db;
const admin = await t.createUser({ role: 'Admin' });

const WROTE = {
  company: 'Harbourview Kilns',
  phone: '(555) 014-7788',
  message: 'Our firing schedules live in three spreadsheets and a whiteboard.',
};

async function enquire(email: string, name: string) {
  const sent = await t.app.inject({
    method: 'POST',
    url: '/api/contact',
    remoteAddress: nextIp(),
    payload: { name, email, interest: 'automation', ...WROTE },
  });
  expect(sent.statusCode, sent.body).toBe(201);
  const [notice] = await db
    .select()
    .from(outbox)
    .where(and(eq(outbox.kind, 'enquiry'), eq(outbox.replyTo, email)));
  // What is at stake: the notice holds every line the person wrote.
  for (const line of Object.values(WROTE)) expect(notice?.text).toContain(line);
  return notice!;
}

const noticeText = async (id: string) =>
  (await db.select({ text: outbox.text }).from(outbox).where(eq(outbox.id, id)))[0]?.text;

function expectNothingWritten(text: string | undefined, ...more: string[]) {
  expect(text).toBeDefined();
  for (const line of [...Object.values(WROTE), ...more]) expect(text).not.toContain(line);
}

describe('the enquiry notice kept in the outbox', () => {
  it('loses what the person wrote when their account is erased', async () => {
    const client = await createClient(t);
    const notice = await enquire(client.user.email, client.user.name);
    const erased = await t.injectAs(admin.token, {
      method: 'POST',
      url: `/api/admin/clients/${client.user.id}/erase`,
    });
    expect(erased.statusCode, erased.body).toBe(200);
    expectNothingWritten(await noticeText(notice.id), client.user.email, client.user.name);
  });

  it('loses what the person wrote when retention deletes the enquiry, sent or not', async () => {
    const email = `kiln-${Date.now()}@example.test`;
    const notice = await enquire(email, 'Marguerite Ashdown');
    const longAgo = sql`now() - interval '800 days'`;
    await db.update(enquiries).set({ createdAt: longAgo }).where(eq(enquiries.email, email));
    await db.update(outbox).set({ createdAt: longAgo }).where(eq(outbox.id, notice.id));
    expect(await deleteExpiredEnquiries(db)).toBeGreaterThan(0);
    expectNothingWritten(await noticeText(notice.id));
  });
});
