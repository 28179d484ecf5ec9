import type { Db } from '#server/db/client.ts';
import type { UserRow } from '#server/db/schema.ts';
import { serviceReportFilename } from '#shared/service-report.ts';
import { renderServiceReportPdf } from './pdf.ts';
import { buildServiceReport, type ReportBilling, type ServiceReport } from './service.ts';

// One client's report for one month as the file both the download and the mail carry.

export interface ServiceReportFile {
  filename: string;
  pdf: Buffer;
  report: ServiceReport;
}

export async function serviceReportFile(
  db: Db,
  owner: UserRow,
  month: string,
  billing: ReportBilling,
  now = new Date(),
): Promise<ServiceReportFile> {
  const report = await buildServiceReport(db, owner, month, billing, now);
  const pdf = await renderServiceReportPdf(report, owner.timeZone);
  return { filename: serviceReportFilename(owner.companyName || owner.name, month), pdf, report };
}

/** Where the billing of the server stands, for the report's invoice section. */
export const reportBillingOf = (config: {
  billingProvider: ReportBilling['provider'];
  invoicing: { timeZone: string };
}): ReportBilling => ({ provider: config.billingProvider, timeZone: config.invoicing.timeZone });
