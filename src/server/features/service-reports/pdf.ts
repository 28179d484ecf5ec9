import PDFDocument from 'pdfkit';
import { formatCents } from '#shared/billing.ts';
import { billingZoneNote } from '#shared/billing-dates.ts';
import { billingStatusLabel } from '#shared/billing-format.ts';
import { brand } from '#shared/brand.ts';
import { formatDate, formatDateTime, formatLongDate } from '#shared/dates.ts';
import {
  formatQuantile,
  formatShare,
  formatSpan,
  reportDefinitions,
  uptimeDefinitionLines,
} from '#shared/service-report.ts';
import type { ReportIncident, ServiceReport } from './service.ts';

// The service report as a PDF, laid out like the invoice PDF (billing/local/invoice-pdf.ts:
// Letter, 56 pt margins, the brand top left, the document's name top right, built-in fonts
// only): the headline figures with their definitions, runs by process, incidents with
// start, end and cause, the longest outage, and the month's invoices. Times of incidents
// print in UTC like the report's days; invoice dates in the billing zone like the invoices.

const MARGIN = 56;
const MUTED = '#444444';
const LINE = '#999999';
const MAX_INCIDENTS_LISTED = 60;

const providerNames = { local: brand.name, stripe: 'Stripe', zoho: 'Zoho Billing' } as const;

type Doc = PDFKit.PDFDocument;

/** `timeZone`: the account's (Profile), so its times read as on its screens; else UTC. */
export function renderServiceReportPdf(
  report: ServiceReport,
  timeZone: string | null = null,
): Promise<Buffer> {
  const zone = timeZone ?? 'UTC';
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    info: { Title: `Service report ${report.label}`, Author: brand.name },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const left = MARGIN;
  const width = doc.page.width - 2 * MARGIN;

  header(doc, report, left, width, zone);
  headline(doc, report, left, width);
  processTable(doc, report, left, width);
  incidentSection(doc, report, left, width, zone);
  invoiceSection(doc, report, left, width);

  doc.moveDown(2);
  doc.font('Helvetica').fontSize(9).fillColor(MUTED);
  doc.text(reportDefinitions.source, left, doc.y, { width });
  doc.text(`Questions about this report? Write to ${brand.email}.`, left, doc.y, { width });
  doc.end();
  return done;
}

function header(doc: Doc, report: ServiceReport, left: number, width: number, zone: string) {
  doc.font('Helvetica-Bold').fontSize(20).fillColor('#000000').text(brand.name, left, MARGIN);
  doc.font('Helvetica').fontSize(9).fillColor(MUTED);
  doc.text(brand.email).text(brand.phone);

  doc.font('Helvetica-Bold').fontSize(16).fillColor('#000000');
  doc.text('SERVICE REPORT', left, MARGIN, { width, align: 'right' });
  doc.font('Helvetica').fontSize(10);
  doc.text(report.label, { width, align: 'right' });
  if (report.inProgress) {
    doc.text(`So far: to ${when(report.generatedAt, zone)}`, {
      width,
      align: 'right',
    });
  }
  doc.fontSize(8).fillColor(MUTED).text('Days in UTC.', { width, align: 'right' });
  doc.text(`Made ${formatLongDate(report.generatedAt, 'UTC')}`, { width, align: 'right' });

  doc.moveDown(2);
  doc.font('Helvetica-Bold').fontSize(10).fillColor('#000000').text('Prepared for', left);
  doc.font('Helvetica');
  const { account } = report;
  if (account.companyName) doc.text(account.companyName);
  doc.text(account.name).text(account.email);
}

function headline(doc: Doc, report: ServiceReport, left: number, width: number) {
  const { totals } = report;
  const boxes = [
    { label: 'Runs', value: totals.runs.toLocaleString('en-US') },
    { label: 'Success rate', value: formatShare(totals.successRate) },
    { label: 'Uptime (scheduled)', value: formatShare(totals.scheduledUptime) },
    { label: 'Scheduled on time', value: formatShare(totals.onTimeShare) },
  ];
  doc.moveDown(1.5);
  const top = doc.y;
  const gap = 10;
  const boxWidth = (width - gap * (boxes.length - 1)) / boxes.length;
  for (const [i, box] of boxes.entries()) {
    const x = left + i * (boxWidth + gap);
    doc.roundedRect(x, top, boxWidth, 52, 4).stroke(LINE);
    doc.font('Helvetica').fontSize(8).fillColor(MUTED);
    doc.text(box.label, x + 8, top + 8, { width: boxWidth - 16 });
    doc.font('Helvetica-Bold').fontSize(16).fillColor('#000000');
    doc.text(box.value, x + 8, top + 24, { width: boxWidth - 16 });
  }
  doc.y = top + 62;
  doc.font('Helvetica').fontSize(8).fillColor(MUTED);
  const scheduled = `${totals.scheduledRuns.toLocaleString('en-US')} scheduled runs, ${totals.scheduledFailures.toLocaleString('en-US')} failed, ${totals.scheduledOnTime.toLocaleString('en-US')} on time. ${totals.failures.toLocaleString('en-US')} of ${totals.runs.toLocaleString('en-US')} runs failed.`;
  doc.text(scheduled, left, doc.y, { width });
  doc.moveDown(0.5);
  for (const line of uptimeDefinitionLines) doc.text(line, left, doc.y, { width });
  doc.fillColor('#000000');
}

/** A heading, on a new page when too little of this one is left for it and a few rows. */
function heading(doc: Doc, text: string, left: number, width: number) {
  doc.moveDown(1.5);
  if (doc.y > doc.page.height - MARGIN - 90) doc.addPage();
  doc.font('Helvetica-Bold').fontSize(12).fillColor('#000000').text(text, left, doc.y, { width });
  doc.moveDown(0.4);
}

interface Column {
  title: string;
  width: number;
  align?: 'left' | 'right';
}

/** One row of cells; the row is as tall as its tallest cell. A new page when it would not fit. */
function row(doc: Doc, columns: Column[], cells: string[], left: number, bold = false) {
  if (doc.y > doc.page.height - MARGIN - 30) doc.addPage();
  const top = doc.y;
  let bottom = top;
  let x = left;
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
  for (const [i, column] of columns.entries()) {
    doc.text(cells[i] ?? '', x, top, { width: column.width - 6, align: column.align ?? 'left' });
    bottom = Math.max(bottom, doc.y);
    x += column.width;
  }
  doc.y = bottom + 3;
}

function rule(doc: Doc, left: number, width: number) {
  doc
    .moveTo(left, doc.y)
    .lineTo(left + width, doc.y)
    .stroke(LINE);
  doc.y += 4;
}

function processTable(doc: Doc, report: ServiceReport, left: number, width: number) {
  heading(doc, 'Runs by process', left, width);
  if (report.processes.length === 0) {
    doc.font('Helvetica').fontSize(10).text('No runs this month.', left, doc.y, { width });
    return;
  }
  const numeric = (title: string, w: number): Column => ({ title, width: w, align: 'right' });
  // Narrow figures leave the process's name room for one line in most cases.
  const figures = [
    numeric('Runs', 48),
    numeric('Failed', 46),
    numeric('Success', 52),
    numeric('Scheduled', 58),
    numeric('Uptime', 50),
    numeric('On time', 50),
  ];
  const columns: Column[] = [
    { title: 'Process', width: width - figures.reduce((sum, c) => sum + c.width, 0) },
    ...figures,
  ];
  row(
    doc,
    columns,
    columns.map((c) => c.title),
    left,
    true,
  );
  rule(doc, left, width);
  for (const process of report.processes) {
    const f = process.figures;
    row(
      doc,
      columns,
      [
        process.name,
        f.runs.toLocaleString('en-US'),
        f.failures.toLocaleString('en-US'),
        formatShare(f.successRate),
        f.scheduledRuns.toLocaleString('en-US'),
        formatShare(f.scheduledUptime),
        formatShare(f.onTimeShare),
      ],
      left,
    );
  }
  rule(doc, left, width);
  doc.font('Helvetica').fontSize(8).fillColor(MUTED);
  doc.text(
    `Median duration of all runs: ${formatQuantile(report.totals.medianDuration)}.`,
    left,
    doc.y,
    {
      width,
    },
  );
  doc.fillColor('#000000');
}

/** A time of day in the account's zone, named: "Mar 5, 2026, 9:04 AM CST". */
const when = (at: Date, timeZone: string) => formatDateTime(at, { timeZone, named: true });

function incidentSection(
  doc: Doc,
  report: ServiceReport,
  left: number,
  width: number,
  zone: string,
) {
  heading(doc, 'Incidents', left, width);
  doc.font('Helvetica').fontSize(10);
  const longest = report.longestOutage;
  doc.text(
    longest
      ? `Longest outage: ${formatSpan(longest.inMonthMs)}, ${longest.processName ?? longest.title} (from ${when(
          longest.openedAt,
          zone,
        )}${longest.clearedAt ? ` to ${when(longest.clearedAt, zone)}` : ', ongoing'}).`
      : 'Longest outage: none. No process was failing this month.',
    left,
    doc.y,
    { width },
  );
  doc.font('Helvetica').fontSize(8).fillColor(MUTED);
  doc.text(reportDefinitions.longestOutage, left, doc.y, { width });
  doc.fillColor('#000000');
  doc.moveDown(0.6);
  if (report.incidents.length === 0) {
    doc.font('Helvetica').fontSize(10).text('No incidents this month.', left, doc.y, { width });
    return;
  }
  const listed = report.incidents.slice(0, MAX_INCIDENTS_LISTED);
  for (const incident of listed) incidentLines(doc, incident, left, width, zone);
  const unlisted = report.incidents.length - listed.length;
  if (unlisted > 0 || report.moreIncidents) {
    doc.font('Helvetica').fontSize(9).fillColor(MUTED);
    doc.text(
      report.moreIncidents
        ? 'More incidents overlapped this month than are listed here.'
        : `And ${unlisted} more incidents.`,
      left,
      doc.y,
      { width },
    );
    doc.fillColor('#000000');
  }
}

function incidentLines(
  doc: Doc,
  incident: ReportIncident,
  left: number,
  width: number,
  zone: string,
) {
  if (doc.y > doc.page.height - MARGIN - 50) doc.addPage();
  doc.font('Helvetica-Bold').fontSize(10).text(incident.title, left, doc.y, { width });
  doc.font('Helvetica').fontSize(9);
  const end = incident.clearedAt ? `ended ${when(incident.clearedAt, zone)}` : 'ongoing';
  doc.text(
    `Started ${when(incident.openedAt, zone)}, ${end}; ${formatSpan(incident.inMonthMs)} in this month.`,
    left,
    doc.y,
    { width },
  );
  doc.fillColor(MUTED).text(`Cause: ${incident.cause}`, left, doc.y, { width });
  doc.fillColor('#000000');
  doc.moveDown(0.4);
}

function invoiceSection(doc: Doc, report: ServiceReport, left: number, width: number) {
  const { invoices } = report;
  heading(doc, 'Invoices', left, width);
  doc.font('Helvetica').fontSize(10);
  if (invoices.rows.length === 0) {
    doc.text(
      invoices.provider === 'local'
        ? `No invoices were issued in ${report.label}.`
        : `Invoices are issued by ${providerNames[invoices.provider]}: see Billing in the client portal.`,
      left,
      doc.y,
      { width },
    );
    return;
  }
  const columns: Column[] = [
    { title: 'Invoice', width: 110 },
    { title: 'Issued', width: 90 },
    { title: 'Description', width: width - 110 - 90 - 80 - 70 },
    { title: 'Status', width: 70 },
    { title: 'Amount', width: 80, align: 'right' },
  ];
  row(
    doc,
    columns,
    columns.map((c) => c.title),
    left,
    true,
  );
  rule(doc, left, width);
  for (const invoice of invoices.rows) {
    row(
      doc,
      columns,
      [
        invoice.number,
        formatDate(invoice.issuedAt, invoices.timeZone),
        invoice.description,
        billingStatusLabel(invoice.status),
        formatCents(invoice.amount),
      ],
      left,
    );
  }
  doc.font('Helvetica').fontSize(8).fillColor(MUTED);
  doc.text(
    `${billingZoneNote(invoices.timeZone)} Invoices issued in ${report.label} on that calendar.`,
    left,
    doc.y,
    { width },
  );
  doc.fillColor('#000000');
}
