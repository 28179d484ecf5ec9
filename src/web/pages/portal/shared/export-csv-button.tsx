import { useState } from 'react';
import { exportMessages } from '#shared/exports.ts';
import { Button } from '#web/components/button.tsx';
import { useAccount } from '#web/lib/account.ts';
import { api, responseError } from '#web/lib/api.ts';
import { failureMessage } from '#web/lib/failure-text.ts';
import { saveFile } from '#web/lib/save-file.ts';
import { toast } from '#web/lib/toast.ts';

// Download a CSV export (issue 16). The server streams it and checks the plan; the button
// says which plan includes export when this one does not, rather than failing on click.

export function ExportCsvButton({
  path,
  filename,
  label = 'Export CSV',
}: {
  /** e.g. /api/client/runs.csv?processId=… */
  path: string;
  filename: string;
  label?: string;
}) {
  const { capabilities } = useAccount();
  const [busy, setBusy] = useState(false);

  if (!capabilities.canExportCSV) {
    return (
      <p className="text-sm text-slate-600">
        <span className="font-medium text-slate-700">{label}:</span> {exportMessages.notIncluded}
      </p>
    );
  }

  const download = async () => {
    setBusy(true);
    try {
      const response = await api.raw('GET', path);
      if (!response.ok) throw await responseError(response);
      saveFile(await response.blob(), filename);
    } catch (error) {
      toast({
        title: 'Export failed',
        text: failureMessage(error, 'The export could not be downloaded. Try again.'),
        tone: 'error',
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button variant="secondary" size="sm" onClick={download} disabled={busy}>
      {busy ? 'Preparing CSV…' : label}
    </Button>
  );
}

/** today's date for file names, as the reader's calendar has it. */
export const todayStamp = () =>
  new Date(Date.now() - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
