import {
  Button,
  Details,
  Layout,
  Paragraph,
  type RenderedMail,
  renderMail,
} from '#server/domain/mail/components/index.ts';
import { brand } from '#shared/brand.ts';
import { paths } from '#shared/paths.ts';
import {
  formatShare,
  formatSpan,
  reportDefinitions,
  uptimeDefinitionLines,
} from '#shared/service-report.ts';
import type { ServiceReport } from './service.ts';

// The mail that carries a month's report: its headline figures, what they mean, and the
// way back to it in the portal. The PDF is attached by the job (the outbox's attachments).

export const REPORT_MAIL_KIND = 'service-report';

interface ReportMailProps {
  name: string;
  report: ServiceReport;
  portalUrl: string;
}

export const reportMailSubject = (report: ServiceReport) =>
  `Your service report for ${report.label}`;

export function ServiceReportMail({ name, report, portalUrl }: ReportMailProps) {
  const { totals, longestOutage } = report;
  const subject = reportMailSubject(report);
  return (
    <Layout
      subject={subject}
      preheader={`${totals.runs.toLocaleString('en-US')} runs, ${formatShare(totals.successRate)} succeeded.`}
      reason={`You get this report each month because your processes ran with ${brand.name}.`}
    >
      <Paragraph>{`Hello ${name},`}</Paragraph>
      <Paragraph>
        {`Your service report for ${report.label} is attached as a PDF: runs by process, incidents and the month's invoices.`}
      </Paragraph>
      <Details
        rows={[
          ['Runs', totals.runs.toLocaleString('en-US')],
          ['Success rate', formatShare(totals.successRate)],
          ['Uptime (scheduled)', formatShare(totals.scheduledUptime)],
          ['Scheduled on time', formatShare(totals.onTimeShare)],
          ['Incidents', String(report.incidents.length)],
          ['Longest outage', longestOutage ? formatSpan(longestOutage.inMonthMs) : 'None'],
        ]}
      />
      <Paragraph muted>
        {[...uptimeDefinitionLines, reportDefinitions.longestOutage].join('\n')}
      </Paragraph>
      <Button
        href={portalUrl}
        lead="Download it again, or another month's, from the client portal:"
      >
        Open the client portal
      </Button>
    </Layout>
  );
}

export function serviceReportMail(props: ReportMailProps): Promise<RenderedMail> {
  return renderMail(reportMailSubject(props.report), <ServiceReportMail {...props} />);
}

/** Where the mail's button goes: the portal home, which holds the reports card. */
export const reportPortalUrl = (publicUrl: string) => `${publicUrl}${paths.client}`;
