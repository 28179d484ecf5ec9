import { and, desc, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { auditLogs, outbox } from '#server/db/schema.ts';
import { CLEARED_AFTER_DELIVERY, type QueuedMail, queueMail } from '#server/domain/mail/outbox.ts';
import { createSmtpTransport } from '#server/integrations/mailer/smtp.ts';
import { createClient } from '#test/support/portal.ts';
import { headerOf, held, refusal, startScriptedSmtp } from '#test/support/smtp-scripted.ts';
import { decodeQuotedPrintable } from '#test/support/smtp-server.ts';
import { build, nextIp } from '#test/support/test-app.ts';
import { createOutboxSender } from './outbox-sender.ts';

// The outbox sender against a real SMTP server: one message is one delivery however slow
// the server, the same headers on every attempt, no retrying what the server refused for
// good, and no one-time link left in the table once it is delivered.

const t = await build();
const db = t.deps.database.db;
const from = 'Site <site@example.test>';
const MINUTE = 60_000;

const rowOf = async (id: string) => (await db.select().from(outbox).where(eq(outbox.id, id)))[0]!;
const queue = (
  overrides: Partial<Pick<QueuedMail, 'sensitive' | 'text' | 'html' | 'attachments'>> = {},
) =>
  queueMail(db, {
    kind: 'test',
    to: 'jo@example.com',
    subject: 'Hello',
    text: 'A message',
    ...overrides,
  });

// Each test sees only its own mail: whatever an earlier test left pending is set aside.
beforeEach(async () => {
  await db.update(outbox).set({ status: 'sent' }).where(eq(outbox.status, 'pending'));
});

describe('each message is one message', () => {
  it('carries a Message-ID from its row and the Date it was queued, on every attempt', async () => {
    const server = await startScriptedSmtp();
    const row = await queue();
    const queuedAt = new Date(Math.floor((Date.now() - 3_600_000) / 1000) * 1000);
    await db.update(outbox).set({ createdAt: queuedAt }).where(eq(outbox.id, row.id));
    const sender = createOutboxSender({ db, transport: createSmtpTransport(server.url), from });
    expect(await sender.tick()).toBe(1);
    // As if the first answer had been lost: the row goes out again.
    await db
      .update(outbox)
      .set({ status: 'pending', nextAttemptAt: new Date(0) })
      .where(eq(outbox.id, row.id));
    expect(await sender.tick()).toBe(1);
    expect(server.received).toHaveLength(2);
    for (const { raw } of server.received) {
      expect(headerOf(raw, 'Message-ID')).toBe(`<${row.id}@example.test>`);
      expect(new Date(headerOf(raw, 'Date')!).getTime()).toBe(queuedAt.getTime());
      // A row queued with text only: the text framed in the brand's layout (TextMail).
      expect(headerOf(raw, 'Content-Type')).toMatch(/^multipart\/alternative/);
      expect(raw).toContain('Content-Type: text/plain');
      expect(raw).toContain('Content-Type: text/html');
    }
  });

  it('holds its claim while a slow server takes minutes to answer, so no second instance sends it', async () => {
    const answer = held();
    const server = await startScriptedSmtp({
      answer: (_mail, nth) => (nth === 1 ? answer.promise : undefined),
    });
    const row = await queue();
    let clock = new Date(Date.now() + 1_000);
    const now = () => clock;
    const transport = createSmtpTransport(server.url);
    const first = createOutboxSender({ db, transport, from, now, heartbeatMs: 20 });
    const second = createOutboxSender({ db, transport, from, now });
    const sending = first.tick();
    await vi.waitFor(() => expect(server.dataEnded).toBe(1));
    // The first instance now waits for the answer after DATA. Past the old 60 s lease, and
    // then past the base lease, the row still belongs to it.
    for (const later of [90_000, 60 * MINUTE]) {
      clock = new Date(clock.getTime() + later);
      await vi.waitFor(async () =>
        expect((await rowOf(row.id)).nextAttemptAt.getTime()).toBeGreaterThan(clock.getTime()),
      );
      expect(await second.tick()).toBe(0);
    }
    answer.release();
    expect(await sending).toBe(1);
    expect(server.dataEnded).toBe(1);
    expect(await rowOf(row.id)).toMatchObject({ status: 'sent', attempts: 1 });
  });
});

describe('the HTML part and attachments', () => {
  it('sends the HTML queued with the mail and its files', async () => {
    const server = await startScriptedSmtp();
    const pdf = Buffer.from('%PDF-1.4 a small report');
    await queue({
      html: '<!DOCTYPE html><html><body><p>Your <b>November</b> report</p></body></html>',
      attachments: [
        {
          filename: 'report-2026-11.pdf',
          contentType: 'application/pdf',
          contentBase64: pdf.toString('base64'),
        },
      ],
    });
    const sender = createOutboxSender({ db, transport: createSmtpTransport(server.url), from });
    expect(await sender.tick(new Date(Date.now() + 1_000))).toBe(1);
    const raw = server.received[0]!.raw;
    expect(headerOf(raw, 'Content-Type')).toMatch(/^multipart\/mixed/);
    expect(decodeQuotedPrintable(raw)).toContain('<p>Your <b>November</b> report</p>');
    expect(raw).toContain('Content-Type: application/pdf; name=report-2026-11.pdf');
    expect(raw).toContain('filename=report-2026-11.pdf');
    expect(raw).toContain(pdf.toString('base64'));
  });
});

describe('failures', () => {
  it('gives up at once on a permanent refusal (5xx) and writes the audit entry', async () => {
    const server = await startScriptedSmtp({
      answer: () => {
        throw refusal(550, 'Mailbox unavailable');
      },
    });
    const row = await queue();
    const sender = createOutboxSender({ db, transport: createSmtpTransport(server.url), from });
    expect(await sender.tick(new Date(Date.now() + 1_000))).toBe(1);
    const after = await rowOf(row.id);
    expect(after).toMatchObject({ status: 'failed', attempts: 1 });
    expect(after.lastError).toMatch(/550/);
    const [entry] = await db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.source, 'mail'), eq(auditLogs.level, 'error')))
      .orderBy(desc(auditLogs.createdAt))
      .limit(1);
    expect(entry?.message).toMatch(/Gave up sending "Hello" to jo@example.com/);
    expect(entry?.details).toMatchObject({ outboxId: row.id });
  });

  it('retries a transient refusal (4xx) with back-off', async () => {
    const server = await startScriptedSmtp({
      answer: () => {
        throw refusal(451, 'Try again later');
      },
    });
    const row = await queue();
    const sender = createOutboxSender({ db, transport: createSmtpTransport(server.url), from });
    await sender.tick(new Date(Date.now() + 1_000));
    const after = await rowOf(row.id);
    expect(after).toMatchObject({ status: 'pending', attempts: 1 });
    expect(after.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
  });
});

describe('one-time links', () => {
  it('are cleared from the table once the mail is delivered; other mail is kept', async () => {
    const server = await startScriptedSmtp();
    const link = 'https://portal.example.com/reset-password/secret-token-123';
    const sensitive = await queue({
      sensitive: true,
      text: `Choose a new password: ${link}`,
      html: `<p><a href="${link}">Choose a new password</a></p>`,
    });
    const plain = await queue({ text: 'An enquiry', html: '<p>An enquiry</p>' });
    const sender = createOutboxSender({ db, transport: createSmtpTransport(server.url), from });
    expect(await sender.tick(new Date(Date.now() + 1_000))).toBe(2);
    const delivered = decodeQuotedPrintable(
      server.received.find((m) => decodeQuotedPrintable(m.raw).includes(link))?.raw ?? '',
    );
    expect(delivered).toContain(`<a href="${link}">Choose a new password</a>`);
    // Neither part keeps the link: the text is a note, the HTML is gone.
    expect(await rowOf(sensitive.id)).toMatchObject({
      status: 'sent',
      text: CLEARED_AFTER_DELIVERY,
      html: null,
    });
    expect(await rowOf(plain.id)).toMatchObject({
      status: 'sent',
      text: 'An enquiry',
      html: '<p>An enquiry</p>',
    });
  });

  it('are queued as sensitive by password reset and team invites, not by enquiries', async () => {
    const { user } = await t.createUser();
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: user.email },
      remoteAddress: nextIp(),
    });
    expect(reset.statusCode).toBe(200);
    const owner = await createClient(t, { plan: 'Pro' });
    const invite = await t.injectAs(owner.token, {
      method: 'POST',
      url: '/api/team/invite',
      payload: { email: 'invitee@example.test' },
    });
    expect(invite.statusCode).toBe(201);
    const enquiry = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: {
        name: 'Jo',
        email: 'jo@example.com',
        interest: 'Automation & AI Agents',
        message: 'Hello there',
      },
      remoteAddress: nextIp(),
    });
    expect(enquiry.statusCode).toBe(201);
    const flags = await vi.waitFor(async () => {
      const rows = await db.select().from(outbox);
      const byKind = (kind: string) => rows.find((r) => r.kind === kind)?.sensitive;
      const found = {
        reset: byKind('password-reset'),
        invite: byKind('team-invite'),
        enquiry: byKind('enquiry'),
      };
      if (Object.values(found).includes(undefined)) throw new Error('waiting for the mails');
      return found;
    });
    expect(flags).toEqual({ reset: true, invite: true, enquiry: false });
    // Both carry their link in the HTML rendered when they were queued, and lose it there
    // too once delivered.
    const server = await startScriptedSmtp();
    const sender = createOutboxSender({ db, transport: createSmtpTransport(server.url), from });
    const pending = await db.select().from(outbox).where(eq(outbox.status, 'pending'));
    const resetRow = pending.find((r) => r.kind === 'password-reset');
    expect(resetRow?.html).toMatch(/href="[^"]*\/reset-password\/[^"]+"/);
    expect(resetRow?.html).toContain('Choose a new password');
    await sender.tick(new Date(Date.now() + 1_000));
    expect(decodeQuotedPrintable(server.received.map((m) => m.raw).join('\n'))).toContain(
      'Choose a new password',
    );
    for (const row of pending.filter((r) => r.sensitive)) {
      expect(await rowOf(row.id)).toMatchObject({
        status: 'sent',
        text: CLEARED_AFTER_DELIVERY,
        html: null,
      });
    }
  });
});
