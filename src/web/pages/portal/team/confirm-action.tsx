import { type ReactNode, useState } from 'react';
import { Alert } from '#web/components/alert.tsx';
import { ConfirmModal } from '#web/components/confirm-modal.tsx';
import { failureMessage } from '#web/lib/failure-text.ts';

// Asks before removing someone or revoking an invite. SPEC §8 shows no notice when
// these fail; the reason is still shown inside the dialog so nothing fails silently.

export interface PendingAction {
  title: string;
  body: ReactNode;
  confirmLabel: string;
  run: () => Promise<void>;
}

export function useConfirmAction() {
  const [pending, setPending] = useState<PendingAction | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    setPending(null);
    setFailure(null);
  };

  const confirm = async () => {
    if (!pending) return;
    setBusy(true);
    setFailure(null);
    try {
      await pending.run();
      close();
    } catch (error) {
      setFailure(failureMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const modal = (
    <ConfirmModal
      open={pending !== null}
      title={pending?.title ?? ''}
      confirmLabel={pending?.confirmLabel ?? 'Confirm'}
      busy={busy}
      onConfirm={confirm}
      onCancel={close}
    >
      {pending?.body}
      {failure ? (
        <div className="mt-4">
          <Alert>{failure}</Alert>
        </div>
      ) : null}
    </ConfirmModal>
  );

  return { ask: setPending, modal };
}
