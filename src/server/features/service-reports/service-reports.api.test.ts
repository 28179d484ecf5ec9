import { describe, expect, it } from 'vitest';
import { alertIncidents, invoices, runRollups, runs } from '#server/db/schema.ts';
import { formatDateTime } from '#shared/dates.ts';
import {
  addMonths,
  monthLabel,
  reportDefinitions,
  serviceReportMessages,
  utcMonthOf,
} from '#shared/service-report.ts';
import { pdfText } from '#test/support/pdf-text.ts';
import { createProcessFor } from '#test/support/portal.ts';
import { addTeamMember } from '#test/support/team.ts';
import { build } from '#test/support/test-app.ts';

// The monthly service report as a PDF: the client's own (owner or team member), any
// client's for an admin; figures from the rollups, incidents overlapping the month, and
// the month's invoices. Bad and future months are 400, months before the account 404.

const t = await build();
const db = t.deps.database.db;

const month = addMonths(utcMonthOf(new Date()), -1);
const day = (n: number, time = '12:00:00') =>
  new Date(`${month}-${String(n).padStart(2, '0')}T${time}Z`);
const opened = new Date(`${addMonths(month, -2)}-15T00:00:00Z`);

const clientAccount = () =>
  t.createUser({ subscriptionPlan: 'Pro', subscriptionStatus: 'active', createdAt: opened });
const owner = await clientAccount();
const member = await addTeamMember(t, owner.user.id);
const admin = await t.createUser({ role: 'Admin' });
const other = await clientAccount();

const sync = await createProcessFor(t, owner.user.id, { name: 'Invoice sync' });
const intake = await createProcessFor(t, owner.user.id, { name: 'Lead intake' });
const elsewhere = await createProcessFor(t, other.user.id, { name: 'Other company flow' });

// Runs settle into the rollups through the trigger; a day whose raw runs the retention
// job deleted is only a rollup row, and still counts.
await db.insert(runs).values([
  ...[1, 2, 3].map((n) => ({
    processId: sync.id,
    clientUserId: owner.user.id,
    trigger: 'schedule' as const,
    scheduledFor: day(n, '06:00:00'),
    startedAt: day(n, '06:00:05'),
    ok: true,
    durationMs: 800,
  })),
  {
    processId: sync.id,
    clientUserId: owner.user.id,
    trigger: 'schedule' as const,
    scheduledFor: day(4, '06:00:00'),
    startedAt: day(4, '06:03:00'),
    ok: false,
    durationMs: 1200,
    error: 'HTTP 500',
  },
  {
    processId: intake.id,
    clientUserId: owner.user.id,
    trigger: 'manual' as const,
    startedAt: day(5),
    ok: true,
    durationMs: 300,
  },
  {
    processId: elsewhere.id,
    clientUserId: other.user.id,
    trigger: 'manual' as const,
    startedAt: day(5),
    ok: true,
    durationMs: 300,
  },
]);
await db.insert(runRollups).values({
  processId: intake.id,
  clientUserId: owner.user.id,
  day: `${month}-20`,
  runs: 5,
  failures: 0,
  lastRunAt: day(20),
});
await db.insert(alertIncidents).values([
  {
    kind: 'process_failing',
    subjectKey: sync.id,
    clientUserId: owner.user.id,
    processId: sync.id,
    title: 'Invoice sync is failing',
    cause: '3 failures in a row: HTTP 500',
    openedAt: day(4, '06:03:00'),
    clearedAt: day(4, '09:33:00'),
  },
  {
    kind: 'client_success_rate',
    subjectKey: owner.user.id,
    clientUserId: owner.user.id,
    title: 'Success rate below 90%',
    cause: 'Success rate 80% over the last day',
    openedAt: day(27),
    clearedAt: null,
  },
  {
    kind: 'process_failing',
    subjectKey: elsewhere.id,
    clientUserId: other.user.id,
    processId: elsewhere.id,
    title: 'Other company flow is failing',
    cause: 'Timeout',
    openedAt: day(6),
    clearedAt: day(7),
  },
]);
await db.insert(invoices).values({
  number: `INV-SR-${Date.now()}`,
  clientUserId: owner.user.id,
  description: 'Pro plan, monthly',
  status: 'paid',
  amount: 4900,
  issuedAt: day(10),
});

const get = (token: string, url: string) => t.injectAs(token, { method: 'GET', url });
const portalUrl = (m: string) => `/api/client/service-reports/${m}/pdf`;
const adminUrl = (id: string, m: string) => `/api/admin/clients/${id}/service-reports/${m}/pdf`;

describe('service report PDF', () => {
  it('gives the owner the month: runs by process, rates, definitions, incidents, invoices', async () => {
    const answer = await get(owner.token, portalUrl(month));
    expect(answer.statusCode, answer.body.slice(0, 200)).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(answer.headers['content-disposition']).toMatch(
      new RegExp(`attachment; filename="service-report-.*-${month}\\.pdf"`),
    );
    expect(answer.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(answer.rawPayload);
    expect(text).toContain('SERVICE REPORT');
    expect(text).toContain(monthLabel(month));
    expect(text).toContain('Days in UTC.');
    expect(text).toContain('Invoice sync');
    expect(text).toContain('Lead intake');
    expect(text).not.toContain('Other company flow');
    // 10 runs, 1 failed: 90.0%; 4 scheduled, 3 succeeded (75.0%), 3 on time (75.0%).
    expect(text).toContain('10');
    expect(text).toContain('90.0%');
    expect(text).toContain('75.0%');
    expect(text).toContain('4 scheduled runs, 1 failed, 3 on time.');
    expect(text).toContain(reportDefinitions.onTime.slice(0, 40));
    expect(text).toContain('Uptime: the share of scheduled runs that succeeded.');
    expect(text).toContain('Invoice sync is failing');
    expect(text).toContain('Cause: 3 failures in a row: HTTP 500');
    expect(text).toContain('Success rate below 90%');
    expect(text).toContain('ongoing');
    expect(text).toContain('Longest outage: 3 h 30 min, Invoice sync');
    expect(text).toContain('INV-SR-');
    expect(text).toContain('$49.00');
    expect(text).toContain('Dates in Central Time.');
  });

  it('gives a team member the owner’s report, and another client only their own', async () => {
    const asMember = pdfText((await get(member.token, portalUrl(month))).rawPayload);
    expect(asMember).toContain('Invoice sync');
    const asOther = await get(other.token, portalUrl(month));
    expect(asOther.statusCode).toBe(200);
    const text = pdfText(asOther.rawPayload);
    expect(text).toContain('Other company flow');
    expect(text).not.toContain('Invoice sync');
    expect(text).toContain('No invoices were issued');
  });

  it('gives an admin any client’s report; a client cannot use the admin route', async () => {
    const answer = await get(admin.token, adminUrl(owner.user.id, month));
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(pdfText(answer.rawPayload)).toContain('Invoice sync');
    // A team member's page gives the account's report: its owner's processes.
    expect(pdfText((await get(admin.token, adminUrl(member.user.id, month))).rawPayload)).toContain(
      'Invoice sync',
    );
    expect((await get(other.token, adminUrl(owner.user.id, month))).statusCode).toBe(403);
    expect((await get(owner.token, adminUrl(owner.user.id, month))).statusCode).toBe(403);
    const unknown = await get(admin.token, adminUrl('00000000-0000-4000-8000-000000000000', month));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(serviceReportMessages.clientNotFound);
  });

  it('refuses a malformed month and one not begun with a clear message', async () => {
    for (const bad of ['2026-13', 'last-month', '2026-1']) {
      const answer = await get(owner.token, portalUrl(bad));
      expect(answer.statusCode, bad).toBe(400);
      expect(answer.body).toContain(serviceReportMessages.month);
    }
    const next = addMonths(utcMonthOf(new Date()), 1);
    for (const answer of [
      await get(owner.token, portalUrl(next)),
      await get(admin.token, adminUrl(owner.user.id, next)),
    ]) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toBe(serviceReportMessages.future);
    }
  });

  it('has this month so far, and no report before the account was opened (404)', async () => {
    const current = await get(owner.token, portalUrl(utcMonthOf(new Date())));
    expect(current.statusCode).toBe(200);
    expect(pdfText(current.rawPayload)).toContain('So far: to');
    const before = addMonths(utcMonthOf(opened), -1);
    const answer = await get(owner.token, portalUrl(before));
    expect(answer.statusCode).toBe(404);
    expect(answer.json().message).toBe(
      serviceReportMessages.beforeAccount(monthLabel(before), monthLabel(utcMonthOf(opened))),
    );
    // The month it was opened in has a report (its runs, if any).
    expect((await get(owner.token, portalUrl(utcMonthOf(opened)))).statusCode).toBe(200);
  });

  it("writes each time of day in the account's own zone, named", async () => {
    const zoned = await t.createUser({
      subscriptionPlan: 'Pro',
      subscriptionStatus: 'active',
      createdAt: opened,
      timeZone: 'America/Denver',
    });
    await db.insert(alertIncidents).values({
      kind: 'process_failing',
      subjectKey: `zoned-${zoned.user.id}`,
      clientUserId: zoned.user.id,
      title: 'Zoned flow is failing',
      cause: 'Timeout',
      openedAt: day(5, '15:04:00'),
      clearedAt: day(5, '16:30:00'),
    });
    const text = pdfText((await get(zoned.token, portalUrl(month))).rawPayload);
    const inDenver = (at: Date) => formatDateTime(at, { timeZone: 'America/Denver', named: true });
    expect(text).toContain(`Started ${inDenver(day(5, '15:04:00'))}`);
    expect(inDenver(day(5, '15:04:00'))).toMatch(/ M[SD]T$/);
  });
});
