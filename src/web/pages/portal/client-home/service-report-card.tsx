import { useState } from 'react';
import { serviceReportsApi } from '#shared/api/service-reports.ts';
import { reportDefinitions, reportMonthChoices } from '#shared/service-report.ts';
import { Button } from '#web/components/button.tsx';
import { SelectField } from '#web/components/field-select.tsx';
import { SectionCard } from '#web/components/section-card.tsx';
import { callApiRaw } from '#web/lib/call-api.ts';
import { notifyFailure } from '#web/lib/failure-text.ts';
import { saveAnswer } from '#web/lib/save-file.ts';
import { useSession } from '#web/lib/session.ts';

// The account's monthly service report (docs/decisions/029-operations-console.md): the
// PDF mailed on the first of each month, for any of the last twelve months. The server
// names the file and checks the month again.

export function ServiceReportCard() {
  const { choices, initial } = reportMonthChoices(new Date(), useSession()?.user.createdAt);
  const [picked, setMonth] = useState<string | null>(null);
  const month = picked ?? initial;
  const [busy, setBusy] = useState(false);

  const download = async () => {
    setBusy(true);
    try {
      const answer = await callApiRaw(serviceReportsApi.pdf, { params: { month } });
      await saveAnswer(answer, `service-report-${month}.pdf`);
    } catch (error) {
      notifyFailure(error, { failed: 'Download failed', network: 'Download failed' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <SectionCard
      className="mt-8 block"
      title="Service reports"
      description="Each month's runs by process, success rate, uptime, incidents and invoices, as a PDF. We mail it to you on the first of each month."
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
