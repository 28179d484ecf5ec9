import { useState } from 'react';
import { serviceReportsApi } from '#shared/api/service-reports.ts';
import { reportDefinitions, reportMonthChoices } from '#shared/service-report.ts';
import type { User } from '#shared/user.ts';
import { Button } from '#web/components/button.tsx';
import { SelectField } from '#web/components/field-select.tsx';
import { SectionCard } from '#web/components/section-card.tsx';
import { callApiRaw } from '#web/lib/call-api.ts';
import { notifyFailure } from '#web/lib/failure-text.ts';
import { saveAnswer } from '#web/lib/save-file.ts';

// The client's monthly service report, the same PDF the client is mailed and downloads,
// for any of the last twelve months (docs/decisions/029-operations-console.md). For a team
// member it is the report of the account they work in.

export function ServiceReportCard({ client }: { client: User }) {
  const { choices, initial } = reportMonthChoices(new Date(), client.createdAt);
  const [picked, setMonth] = useState<string | null>(null);
  const month = picked ?? initial;
  const [busy, setBusy] = useState(false);

  const download = async () => {
    setBusy(true);
    try {
      const answer = await callApiRaw(serviceReportsApi.adminPdf, {
        params: { id: client._id, month },
      });
      await saveAnswer(answer, `service-report-${month}.pdf`);
    } catch (error) {
      notifyFailure(error, { failed: 'Download failed', network: 'Download failed' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <SectionCard
      id="service-report"
      title="Service report"
      description="Runs by process, success rate, uptime, incidents and invoices for a month, as a PDF: what the client is mailed on the first of each month."
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <SelectField
          label="Month"
          className="sm:w-64"
          value={month}
          onChange={(event) => setMonth(event.target.value)}
          options={choices}
        />
        <Button onClick={() => void download()} disabled={busy || !month}>
          {busy ? 'Preparing PDF…' : 'Download PDF'}
        </Button>
      </div>
      <p className="mt-3 text-sm text-slate-600">
        {reportDefinitions.scheduledUptime} {reportDefinitions.days}
      </p>
    </SectionCard>
  );
}
