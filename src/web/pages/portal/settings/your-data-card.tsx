import { useState } from 'react';
import { formatDateTime } from '#shared/dates.ts';
import { type ExportRequestAnswer, privacyMessages } from '#shared/privacy.ts';
import { retention } from '#shared/retention.ts';
import { Alert } from '#web/components/alert.tsx';
import { Button } from '#web/components/button.tsx';
import { CopyLink } from '#web/components/copy-link.tsx';
import { saveFailureText } from '#web/lib/failure-text.ts';
import { useIsImpersonating } from '#web/lib/impersonation.ts';
import { toast } from '#web/lib/toast.ts';
import { CloseAccountDialog } from './close-account-dialog.tsx';
import { settingsCalls } from './settings-api.ts';
import { SettingsSection } from './settings-section.tsx';

// Your data (docs/decisions/017-privacy-requests.md): what the privacy policy promises a client can do themselves, a
// copy of everything held about them, and closing the account (owner only).

export function YourDataCard({ isOwner }: { isOwner: boolean }) {
  const impersonating = useIsImpersonating();
  const [requesting, setRequesting] = useState(false);
  const [answer, setAnswer] = useState<ExportRequestAnswer | null>(null);
  const [closing, setClosing] = useState(false);

  const requestExport = async () => {
    setRequesting(true);
    try {
      setAnswer(await settingsCalls.requestExport());
    } catch (error) {
      toast({ title: 'Export not started', text: saveFailureText(error), tone: 'error' });
    } finally {
      setRequesting(false);
    }
  };

  return (
    <SettingsSection
      id="your-data"
      title="Your data"
      description="Download a copy of what we hold about you, or close your account."
    >
      {impersonating ? (
        <Alert tone="info">{privacyMessages.impersonating}</Alert>
      ) : (
        <div className="divide-y divide-slate-200">
          <div className="pb-5">
            <h3 className="text-sm font-semibold text-slate-900">Download your data</h3>
            <p className="mt-1 text-sm text-slate-600">
              A ZIP of JSON and CSV files: your account, workflows, schedules, runs, invoices, team,
              requests and security events. Passwords and keys are never included.
            </p>
            {answer ? (
              <div className="mt-4 space-y-3" aria-live="polite">
                <Alert tone="success">{answer.message}</Alert>
                {answer.downloadUrl ? (
                  <CopyLink
                    label="Download link"
                    copyLabel="Copy link"
                    link={answer.downloadUrl}
                    hint={`Works until ${formatDateTime(answer.expiresAt)}.`}
                  />
                ) : null}
                {answer.downloadUrl ? (
                  <a
                    href={answer.downloadUrl}
                    className="inline-flex text-sm font-semibold text-brand-700 hover:text-brand-800"
                  >
                    Download now
                  </a>
                ) : null}
              </div>
            ) : (
              <Button
                className="mt-4"
                variant="secondary"
                onClick={requestExport}
                disabled={requesting}
              >
                {requesting ? 'Preparing…' : 'Request a copy of my data'}
              </Button>
            )}
          </div>
          <div className="pt-5">
            <h3 className="text-sm font-semibold text-slate-900">Close your account</h3>
            <p className="mt-1 text-sm text-slate-600">
              Cancels your subscription, stops your schedules and removes your team’s access at
              once. Everything is erased after {retention.closedAccountDays} days; invoices are kept
              for tax records with the company name only.
            </p>
            {isOwner ? (
              <Button className="mt-4" variant="danger" onClick={() => setClosing(true)}>
                Close account…
              </Button>
            ) : (
              <p className="mt-3 text-sm text-slate-600">{privacyMessages.ownerOnly}</p>
            )}
          </div>
        </div>
      )}
      <CloseAccountDialog open={closing} onClose={() => setClosing(false)} />
    </SettingsSection>
  );
}
