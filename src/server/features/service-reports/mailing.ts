import { and, asc, eq, gt, gte, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { runRollups, serviceReports, type UserRow, users } from '#server/db/schema.ts';
import { queueMail } from '#server/domain/mail/outbox.ts';
import { dayKeyIn } from '#shared/dates.ts';
import { addMonths, monthBounds } from '#shared/service-report.ts';
import { REPORT_MAIL_KIND, reportPortalUrl, serviceReportMail } from './mail.tsx';
import { serviceReportFile } from './report-file.ts';
import type { ReportBilling } from './service.ts';

// Mails last month's report to every client whose processes ran in it, once. The month
// turns on the billing zone's calendar (the first of the month there), and the report
// covers the previous month's UTC days, so a zone east of UTC also waits for the UTC
// month to end. A row in service_reports, inserted ON CONFLICT DO NOTHING in the same
// transaction that queues the mail, makes two instances or a restart mail it once.

/**
 * Days into the month the mail still goes out, so a server down on the first catches up;
 * a server first started later in the month does not send last month's reports late.
 */
export const MAIL_WINDOW_DAYS = 7;
/** Clients read per query: 10,000 clients take 50 short reads. */
export const CLIENT_PAGE = 200;

export interface MailingOptions {
  billing: ReportBilling;
  publicUrl: string;
  now?: Date;
}

export interface MailingResult {
  /** The month mailed, or null outside the mailing window. */
  month: string | null;
  mailed: number;
}

/** The month whose reports are due at `now`, or null when none is. */
export function monthDue(now: Date, timeZone: string): string | null {
  const today = dayKeyIn(now, timeZone);
  if (Number(today.slice(8, 10)) > MAIL_WINDOW_DAYS) return null;
  const month = addMonths(today.slice(0, 7), -1);
  return now >= monthBounds(month).end ? month : null;
}

export async function mailServiceReports(db: Db, options: MailingOptions): Promise<MailingResult> {
  const now = options.now ?? new Date();
  const month = monthDue(now, options.billing.timeZone);
  if (!month) return { month: null, mailed: 0 };
  let mailed = 0;
  let after: string | null = null;
  for (;;) {
    const clients = await clientsToMail(db, month, after);
    for (const client of clients) {
      if (await mailOne(db, client, month, options, now)) mailed += 1;
    }
    if (clients.length < CLIENT_PAGE) break;
    after = clients.at(-1)?.id ?? null;
  }
  return { month, mailed };
}

/**
 * The next page of open accounts, in id order after `after`, with runs in the month and
 * no report mailed for it yet: each a probe of run_rollups_client_day_idx and of
 * service_reports' key.
 */
function clientsToMail(db: Db, month: string, after: string | null): Promise<UserRow[]> {
  const { firstDay, nextFirstDay } = monthBounds(month);
  return db
    .select()
    .from(users)
    .where(
      and(
        after ? gt(users.id, after) : undefined,
        isNull(users.closedAt),
        sql`exists (${db
          .select({ one: sql`1` })
          .from(runRollups)
          .where(
            and(
              eq(runRollups.clientUserId, users.id),
              gte(runRollups.day, firstDay),
              lt(runRollups.day, nextFirstDay),
            ),
          )})`,
        sql`not exists (${db
          .select({ one: sql`1` })
          .from(serviceReports)
          .where(
            and(eq(serviceReports.clientUserId, users.id), eq(serviceReports.month, firstDay)),
          )})`,
      ),
    )
    .orderBy(asc(users.id))
    .limit(CLIENT_PAGE);
}

/** Renders the report, then claims the month for the client and queues the mail together. */
async function mailOne(
  db: Db,
  client: UserRow,
  month: string,
  options: MailingOptions,
  now: Date,
): Promise<boolean> {
  const file = await serviceReportFile(db, client, month, options.billing, now);
  const mail = await serviceReportMail({
    name: client.name,
    report: file.report,
    portalUrl: reportPortalUrl(options.publicUrl),
  });
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(serviceReports)
      .values({ clientUserId: client.id, month: monthBounds(month).firstDay })
      .onConflictDoNothing()
      .returning({ month: serviceReports.month });
    if (claimed.length === 0) return false; // another instance got there first
    await queueMail(tx, {
      kind: REPORT_MAIL_KIND,
      to: client.email,
      ...mail,
      attachments: [
        {
          filename: file.filename,
          contentType: 'application/pdf',
          contentBase64: file.pdf.toString('base64'),
        },
      ],
    });
    return true;
  });
}
