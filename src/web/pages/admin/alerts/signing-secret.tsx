import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AlertSettings } from '#shared/alerts.ts';
import { alertsApi } from '#shared/api/alerts.ts';
import { Button } from '#web/components/button.tsx';
import { ConfirmModal } from '#web/components/confirm-modal.tsx';
import { CopyLink } from '#web/components/copy-link.tsx';
import { callApi } from '#web/lib/call-api.ts';
import { failureMessage } from '#web/lib/failure-text.ts';
import { toast } from '#web/lib/toast.ts';
import { alertsKeys } from './alerts-api.ts';

// The alert webhook's signing secret: whole once, right after the save or rotation that
// made it; otherwise its last characters, and Rotate to make a new one.

export function SigningSecret({
  hint,
  secret,
  onRotated,
}: {
  hint: string | null;
  secret: string | null;
  onRotated: (secret: string) => void;
}) {
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);

  const rotate = async () => {
    setBusy(true);
    try {
      const answer = await callApi(alertsApi.rotateSecret);
      queryClient.setQueryData<AlertSettings>(alertsKeys.settings, (saved) =>
        saved ? { ...saved, webhookSecretHint: answer.webhookSecretHint } : saved,
      );
      onRotated(answer.webhookSecret);
      toast({ title: 'Secret rotated', text: answer.message, tone: 'success' });
    } catch (error) {
      toast({ title: 'Not rotated', text: failureMessage(error), tone: 'error' });
    } finally {
      setBusy(false);
      setAsking(false);
    }
  };

  return (
    <div className="space-y-2">
      {secret ? (
        <CopyLink
          label="Signing secret"
          copyLabel="Copy secret"
          link={secret}
          hint="Shown this once: copy it into your receiver now."
        />
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2">
          <p className="text-sm text-slate-700">
            Signing secret ending <span className="font-mono text-slate-900">{hint ?? '—'}</span>
          </p>
          <Button type="button" variant="secondary" size="sm" onClick={() => setAsking(true)}>
            Rotate secret
          </Button>
        </div>
      )}
      <ConfirmModal
        open={asking}
        title="Make a new signing secret?"
        confirmLabel="Rotate secret"
        busy={busy}
        onConfirm={rotate}
        onCancel={() => setAsking(false)}
      >
        Alerts are signed with the new secret from now on: your receiver rejects them until it has
        the new one.
      </ConfirmModal>
    </div>
  );
}
