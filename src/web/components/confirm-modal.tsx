import { type ReactNode, useId } from 'react';
import { Button, type ButtonVariant } from './button.tsx';
import { useModal } from './use-modal.ts';

// Asks before an action that cannot be undone (or is easily done twice by mistake). A native modal <dialog>: focus moves
// into it and stays there, Escape cancels, the page behind is inert.

export function ConfirmModal({
  open,
  title,
  children,
  confirmLabel,
  busy = false,
  confirmVariant = 'danger',
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busy?: boolean;
  /** Danger for what cannot be undone; primary for a check such as "run it again?". */
  confirmVariant?: Extract<ButtonVariant, 'danger' | 'primary'>;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const ref = useModal(open);
  const titleId = useId();

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onCancel();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-xl border border-slate-200 bg-white p-6 text-slate-900 shadow-xl backdrop:bg-slate-900/50"
    >
      <h2 id={titleId} className="text-lg font-semibold">
        {title}
      </h2>
      <div className="mt-2 text-sm text-slate-700">{children}</div>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button variant={confirmVariant} onClick={onConfirm} disabled={busy}>
          {confirmLabel}
        </Button>
      </div>
    </dialog>
  );
}
