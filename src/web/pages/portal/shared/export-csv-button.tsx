import { useId, useState } from 'react';
import { ExportRangeSchema, exportMessages } from '#shared/exports.ts';
import { Alert } from '#web/components/alert.tsx';
import { Button } from '#web/components/button.tsx';
import { TextField } from '#web/components/field.tsx';
import { ModalDialog } from '#web/components/modal-dialog.tsx';
import { useAccount } from '#web/lib/account.ts';
import { responseError } from '#web/lib/api.ts';
import { failureMessage } from '#web/lib/failure-text.ts';
import { saveFile } from '#web/lib/save-file.ts';
import { toast } from '#web/lib/toast.ts';
import type { CsvExport } from './exports-api.ts';

// Download a CSV export: everything the plan keeps, or the days chosen. The
// server streams it and checks the plan; the button says which plan includes export when
// this one does not, rather than failing on click.

/** Today's date for file names, as the reader's calendar has it. */
export const todayStamp = () =>
  new Date(Date.now() - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 10);

function ExportDialog({
  csv,
  filename,
  label,
  onClose,
}: {
  csv: CsvExport;
  filename: string;
  label: string;
  onClose: () => void;
}) {
  const { capabilities } = useAccount();
  const formId = useId();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const download = async () => {
    const checked = ExportRangeSchema.safeParse({ from: from || undefined, to: to || undefined });
    if (!checked.success) {
      setProblem(checked.error.issues[0]?.message ?? exportMessages.date);
      return;
    }
    setProblem(null);
    setBusy(true);
    try {
      const response = await csv(checked.data);
      if (!response.ok) throw await responseError(response);
      saveFile(await response.blob(), filename);
      onClose();
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
    <ModalDialog
      open
      size="md"
      title={label}
      description={`Leave both days empty for everything your plan keeps (${capabilities.logsRetentionDays} days).`}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={busy}>
            {busy ? 'Preparing CSV…' : 'Download CSV'}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        className="grid gap-4 sm:grid-cols-2"
        onSubmit={(event) => {
          event.preventDefault();
          void download();
        }}
      >
        <TextField
          label="From"
          optional
          type="date"
          value={from}
          onChange={(e) => setFrom(e.target.value)}
        />
        <TextField
          label="To"
          optional
          type="date"
          value={to}
          onChange={(e) => setTo(e.target.value)}
        />
        {problem ? (
          <div className="sm:col-span-2">
            <Alert>{problem}</Alert>
          </div>
        ) : null}
      </form>
    </ModalDialog>
  );
}

export function ExportCsvButton({
  csv,
  filename,
  label = 'Export CSV',
}: {
  /** Which export, e.g. csvExports.runs(processId). */
  csv: CsvExport;
  filename: string;
  label?: string;
}) {
  const { capabilities } = useAccount();
  const [open, setOpen] = useState(false);

  if (!capabilities.canExportCSV) {
    return (
      <p className="text-sm text-slate-600">
        <span className="font-medium text-slate-700">{label}:</span> {exportMessages.notIncluded}
      </p>
    );
  }
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
        {label}
      </Button>
      {open ? (
        <ExportDialog csv={csv} filename={filename} label={label} onClose={() => setOpen(false)} />
      ) : null}
    </>
  );
}
