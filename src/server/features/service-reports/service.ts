import { and, asc, eq, gt, gte, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import {
  alertIncidents,
  invoices,
  processes,
  runRollups,
  type UserRow,
} from '#server/db/schema.ts';
import { DomainError } from '#server/domain/errors.ts';
import type { InvoiceStatus } from '#shared/billing-api.ts';
import { zoneDayStart } from '#shared/dates.ts';
import {
  addMonths,
  figuresOf,
  futureMonthProblem,
  longestOutage,
  monthBounds,
  monthLabel,
  overlapMs,
  type ReportFigures,
  serviceReportMessages,
  utcMonthOf,
} from '#shared/service-report.ts';

// The data of one client's service report for one month, in four bounded reads: the
// month's rollup rows of the account (index run_rollups_client_day_idx, at most processes ×
// 31 rows, whatever the number of runs), its incidents overlapping the month
// (alert_incidents_client_idx), and the invoices issued in the month
// (invoices_client_idx). Rollups outlive the raw runs, so any past month can be reported.

export interface ReportProcess {
  name: string;
  figures: ReportFigures;
}

export interface ReportIncident {
  kind: string;
  title: string;
  cause: string;
  processName: string | null;
  openedAt: Date;
  clearedAt: Date | null;
  /** Time inside the month, up to now for an ongoing one. */
  inMonthMs: number;
}

export interface ReportInvoice {
  number: string;
  description: string;
  issuedAt: Date;
  amount: number;
  status: InvoiceStatus;
}

export interface ServiceReport {
  month: string;
  label: string;
  /** The month is still under way: figures are up to `generatedAt`. */
  inProgress: boolean;
  generatedAt: Date;
  account: { name: string; email: string; companyName: string | null };
  totals: ReportFigures;
  processes: ReportProcess[];
  incidents: ReportIncident[];
  /** Incidents overlapping the month that were not read (beyond INCIDENTS_READ). */
  moreIncidents: boolean;
  longestOutage: ReportIncident | null;
  invoices: {
    provider: 'local' | 'zoho' | 'stripe';
    /** The billing zone the invoice dates print in (BILLING_TIME_ZONE). */
    timeZone: string;
    rows: ReportInvoice[];
  };
}

export interface ReportBilling {
  provider: 'local' | 'zoho' | 'stripe';
  timeZone: string;
}

/** Incidents read per report: more would be a month of an alert storm, listed in part. */
export const INCIDENTS_READ = 200;
/** Invoices listed per report; a month rarely has more than a few. */
const INVOICES_READ = 50;

/**
 * Refuses a month not begun (400) or one that ended before the account was opened (404):
 * a report of zeros for a time the client was not a client would prove nothing.
 */
export function checkReportMonth(owner: UserRow, month: string, now: Date) {
  const future = futureMonthProblem(month, now);
  if (future) throw new DomainError('invalid', future, { month: future });
  const opened = utcMonthOf(owner.createdAt);
  if (month < opened) {
    throw new DomainError(
      'not-found',
      serviceReportMessages.beforeAccount(monthLabel(month), monthLabel(opened)),
    );
  }
}

export async function buildServiceReport(
  db: Db,
  owner: UserRow,
  month: string,
  billing: ReportBilling,
  now = new Date(),
): Promise<ServiceReport> {
  checkReportMonth(owner, month, now);
  const { firstDay, nextFirstDay, start, end } = monthBounds(month);
  const [rollups, incidentRows, invoiceRows] = await Promise.all([
    db
      .select({
        processId: runRollups.processId,
        name: processes.name,
        runs: runRollups.runs,
        failures: runRollups.failures,
        scheduledRuns: runRollups.scheduledRuns,
        scheduledFailures: runRollups.scheduledFailures,
        scheduledOnTime: runRollups.scheduledOnTime,
        durationBuckets: runRollups.durationBuckets,
      })
      .from(runRollups)
      .innerJoin(processes, eq(processes.id, runRollups.processId))
      .where(
        and(
          eq(runRollups.clientUserId, owner.id),
          gte(runRollups.day, firstDay),
          lt(runRollups.day, nextFirstDay),
        ),
      ),
    db
      .select({
        kind: alertIncidents.kind,
        title: alertIncidents.title,
        cause: alertIncidents.cause,
        processName: processes.name,
        openedAt: alertIncidents.openedAt,
        clearedAt: alertIncidents.clearedAt,
      })
      .from(alertIncidents)
      .leftJoin(processes, eq(processes.id, alertIncidents.processId))
      .where(
        and(
          eq(alertIncidents.clientUserId, owner.id),
          lt(alertIncidents.openedAt, end),
          or(isNull(alertIncidents.clearedAt), gt(alertIncidents.clearedAt, start)),
        ),
      )
      .orderBy(asc(alertIncidents.openedAt), asc(alertIncidents.id))
      .limit(INCIDENTS_READ + 1),
    readInvoices(db, owner.id, month, billing.timeZone),
  ]);

  const byProcess = new Map<string, { name: string; rows: typeof rollups }>();
  for (const row of rollups) {
    const entry = byProcess.get(row.processId) ?? { name: row.name, rows: [] };
    entry.rows.push(row);
    byProcess.set(row.processId, entry);
  }
  const reportProcesses = [...byProcess.values()]
    .map(({ name, rows }) => ({ name, figures: figuresOf(rows) }))
    .sort((a, b) => b.figures.runs - a.figures.runs || a.name.localeCompare(b.name));

  const incidents = incidentRows.slice(0, INCIDENTS_READ).map((row) => ({
    ...row,
    inMonthMs: overlapMs(row, start, end, now),
  }));
  const longest = longestOutage(incidents, start, end, now);

  return {
    month,
    label: monthLabel(month),
    inProgress: now < end,
    generatedAt: now,
    account: { name: owner.name, email: owner.email, companyName: owner.companyName },
    totals: figuresOf(rollups),
    processes: reportProcesses,
    incidents,
    moreIncidents: incidentRows.length > INCIDENTS_READ,
    longestOutage: longest?.incident ?? null,
    invoices: { ...billing, rows: invoiceRows },
  };
}

/**
 * Invoices issued in the month on the billing zone's calendar, the days their dates
 * print in: an invoice dated October 31 (Central Time) belongs to October's report even
 * when it was issued after midnight UTC. With Stripe or Zoho the provider keeps the
 * invoices and this table may hold none; the report says so.
 */
async function readInvoices(
  db: Db,
  clientId: string,
  month: string,
  timeZone: string,
): Promise<ReportInvoice[]> {
  const from = zoneDayStart(`${month}-01`, timeZone);
  const until = zoneDayStart(`${addMonths(month, 1)}-01`, timeZone);
  return db
    .select({
      number: invoices.number,
      description: invoices.description,
      issuedAt: invoices.issuedAt,
      amount: invoices.amount,
      status: invoices.status,
    })
    .from(invoices)
    .where(
      and(
        eq(invoices.clientUserId, clientId),
        gte(invoices.issuedAt, from),
        lt(invoices.issuedAt, until),
      ),
    )
    .orderBy(asc(invoices.issuedAt), asc(invoices.id))
    .limit(INVOICES_READ);
}
