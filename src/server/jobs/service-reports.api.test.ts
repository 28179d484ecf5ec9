import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outbox, runRollups, serviceReports, users } from '#server/db/schema.ts';
import { mailServiceReports } from '#server/features/service-reports/mailing.ts';
import { pdfText } from '#test/support/pdf-text.ts';
import { createProcessFor } from '#test/support/portal.ts';
import { build } from '#test/support/test-app.ts';
import { serviceReportsJob } from './service-reports.ts';

// The monthly job: on the first days of a month in the billing zone it mails last month's
// report, PDF attached, to each client whose processes ran in it, and only once however
// often it runs or on how many instances.

const t = await build();
const db = t.deps.database.db;
const billing = { provider: 'local' as const, timeZone: 'America/Chicago' };
const options = (now: Date) => ({ billing, publicUrl: 'https://portal.example.test', now });
const opened = new Date('2026-08-03T00:00:00Z');

async function clientWithRunsOn(day: string, name: string) {
  const client = await t.createUser({ createdAt: opened, name });
  const process = await createProcessFor(t, client.user.id, { name: `${name} flow` });
  await db.insert(runRollups).values({
    processId: process.id,
    clientUserId: client.user.id,
    day,
    runs: 12,
    failures: 1,
    scheduledRuns: 10,
    scheduledFailures: 1,
    scheduledOnTime: 10,
    lastRunAt: new Date(`${day}T12:00:00Z`),
  });
  return client.user;
}

const ada = await clientWithRunsOn('2026-10-31', 'Ada Example');
const bo = await clientWithRunsOn('2026-10-01', 'Bo Example');
const septemberOnly = await clientWithRunsOn('2026-09-30', 'Cy Example');
const closed = await clientWithRunsOn('2026-10-15', 'Di Example');
await db
  .update(users)
  .set({ closedAt: new Date('2026-10-20T00:00:00Z') })
  .where(eq(users.id, closed.id));

const reportMails = (to: string) =>
  db
    .select()
    .from(outbox)
    .where(and(eq(outbox.kind, 'service-report'), eq(outbox.to, to)));

describe('monthly service reports job', () => {
  it('waits for the first of the month in the billing zone', async () => {
    // 03:00 UTC on November 1 is still October 31 in Chicago.
    expect(await mailServiceReports(db, options(new Date('2026-11-01T03:00:00Z')))).toEqual({
      month: null,
      mailed: 0,
    });
    // Mid-month, last month's reports are not sent late.
    expect((await mailServiceReports(db, options(new Date('2026-11-15T12:00:00Z')))).month).toBe(
      null,
    );
    expect(await reportMails(ada.email)).toEqual([]);
  });

  it('mails each client with runs last month once, the PDF attached, however often it runs', async () => {
    const first = new Date('2026-11-01T14:00:00Z');
    const [one, two] = await Promise.all([
      mailServiceReports(db, options(first)),
      mailServiceReports(db, options(first)),
    ]);
    expect(one?.month).toBe('2026-10');
    expect((one?.mailed ?? 0) + (two?.mailed ?? 0)).toBe(2);
    const again = await mailServiceReports(db, options(new Date('2026-11-02T09:00:00Z')));
    expect(again).toEqual({ month: '2026-10', mailed: 0 });

    for (const client of [ada, bo]) {
      const mails = await reportMails(client.email);
      expect(mails).toHaveLength(1);
      const [mail] = mails;
      expect(mail?.subject).toBe('Your service report for October 2026');
      expect(mail?.text).toContain('Success rate: 91.6%');
      expect(mail?.text).toContain('Uptime (scheduled): 90.0%');
      expect(mail?.text).toContain('https://portal.example.test/client');
      expect(mail?.html).toContain('October 2026');
      const [attachment] = mail?.attachments ?? [];
      expect(attachment?.contentType).toBe('application/pdf');
      expect(attachment?.filename).toMatch(/^service-report-.*-2026-10\.pdf$/);
      const pdf = Buffer.from(attachment?.contentBase64 ?? '', 'base64');
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      expect(pdfText(pdf)).toContain(`${client.name} flow`);
    }
    expect(await reportMails(septemberOnly.email)).toEqual([]);
    expect(await reportMails(closed.email)).toEqual([]);
    const claimed = await db
      .select()
      .from(serviceReports)
      .where(eq(serviceReports.month, '2026-10-01'));
    expect(claimed.map((row) => row.clientUserId).sort()).toEqual([ada.id, bo.id].sort());
  });

  it('is a singleton job of the runner, every hour', () => {
    const job = serviceReportsJob(db, { billing, publicUrl: 'https://portal.example.test' });
    expect(job).toMatchObject({ name: 'service-reports', singleton: true });
    expect(job.schedule).toMatchObject({ everyMs: 60 * 60_000 });
  });
});
