import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { enquiries, outbox } from '#server/db/schema.ts';
import { createSmtpTransport } from '#server/integrations/mailer/smtp.ts';
import { createOutboxSender, MAX_ATTEMPTS } from '#server/jobs/outbox-sender.ts';
import { contactMessages as m } from '#shared/contact.ts';
import { startSmtpCatcher } from '#test/support/smtp-catcher.ts';
import { build, nextIp } from '#test/support/test-app.ts';

const t = await build();
const db = t.deps.database.db;
const smtp = await startSmtpCatcher();

const enquiry = {
  name: 'Jo Smith',
  email: 'jo@example.com',
  interest: 'Automation & AI Agents',
  message: 'We need our invoices synced nightly.',
  budget: '$5,000 - $25,000',
  phone: '(612) 555-0148',
};
const send = (payload: object, remoteAddress = nextIp()) =>
  t.app.inject({ method: 'POST', url: '/api/contact', payload, remoteAddress });

describe('POST /api/contact', () => {
  it('stores the enquiry, queues the e-mail and answers with the success message', async () => {
    const response = await send(enquiry);
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe(m.success);
    const [row] = await db.select().from(enquiries).where(eq(enquiries.id, response.json().id));
    expect(row).toMatchObject({
      name: 'Jo Smith',
      interest: 'Automation & AI Agents',
      budget: '$5,000 - $25,000',
    });
    const mail = (await db.select().from(outbox)).find((o) => o.replyTo === 'jo@example.com');
    expect(mail).toMatchObject({
      kind: 'enquiry',
      status: 'pending',
      subject: 'New enquiry from Jo Smith: Automation & AI Agents',
    });
    expect(mail?.text).toContain('We need our invoices synced nightly.');
  });

  it('answers 400 with field errors and the same messages as the page', async () => {
    const response = await send({
      name: ' ',
      email: 'nope',
      interest: '',
      message: '',
      phone: '12',
      website: 'a b',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      name: m.name,
      email: m.email,
      interest: m.interest,
      message: m.message,
      phone: m.phone,
      website: m.website,
    });
  });

  it('is rate limited per IP (429)', async () => {
    const ip = nextIp();
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await send({}, ip)).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });

  it('lists enquiries newest first for admins only', async () => {
    const admin = await t.createUser({ role: 'Admin' });
    const client = await t.createUser();
    await send({ ...enquiry, name: 'Newest Person' });
    const list = await t.injectAs(admin.token, { method: 'GET', url: '/api/admin/enquiries' });
    expect(list.json()[0].name).toBe('Newest Person');
    expect(
      (await t.injectAs(client.token, { method: 'GET', url: '/api/admin/enquiries' })).statusCode,
    ).toBe(403);
  });
});

describe('the outbox sender', () => {
  it('delivers queued mail and retries when the mail server fails, losing nothing', async () => {
    const response = await send({ ...enquiry, name: 'Retry Person', email: 'retry@example.com' });
    const id = (await db.select().from(outbox)).find((o) => o.replyTo === 'retry@example.com')!.id;
    const sender = createOutboxSender({
      db,
      transport: createSmtpTransport(smtp.url),
      from: 'Site <site@example.test>',
    });
    smtp.failNext(100);
    const start = new Date();
    await sender.tick(new Date(start.getTime() + 1_000));
    const [failed] = await db.select().from(outbox).where(eq(outbox.id, id));
    expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
    expect(failed!.lastError).toMatch(/451/);
    smtp.failNext(0);
    await sender.tick(new Date(start.getTime() + 10 * 60_000));
    const [sent] = await db.select().from(outbox).where(eq(outbox.id, id));
    expect(sent?.status).toBe('sent');
    const caught = smtp.received.find((r) => r.raw.includes('Retry Person'));
    expect(caught?.to).toEqual(['hello@northwindlakes.dev']);
    expect(caught?.raw).toMatch(/Reply-To: retry@example.com/i);
    expect(response.statusCode).toBe(201);
  });

  it('gives up after the last attempt and marks the message failed', async () => {
    await send({ ...enquiry, email: 'doomed@example.com' });
    const row = (await db.select().from(outbox)).find((o) => o.replyTo === 'doomed@example.com')!;
    await db
      .update(outbox)
      .set({ attempts: MAX_ATTEMPTS - 1 })
      .where(eq(outbox.id, row.id));
    smtp.failNext(1);
    const sender = createOutboxSender({
      db,
      transport: createSmtpTransport(smtp.url),
      from: 'x@example.test',
    });
    await sender.tick(new Date(Date.now() + 24 * 3_600_000));
    const [after] = await db.select().from(outbox).where(eq(outbox.id, row.id));
    expect(after?.status).toBe('failed');
  });
});
