import type { ReactNode } from 'react';
import { Button } from './button.tsx';

// The footer of a dialog that holds a form: Cancel, and the submit button outside the
// form (form={formId}), both held while it is sent.

export function FormDialogFooter({
  formId,
  busy,
  onCancel,
  cancelLabel = 'Cancel',
  danger = false,
  children,
}: {
  formId: string;
  busy: boolean;
  onCancel: () => void;
  /** What backing out is called, e.g. "Keep my account". */
  cancelLabel?: string;
  /** The submit button warns: it gives something up. */
  danger?: boolean;
  /** The submit button's label, busy or not. */
  children: ReactNode;
}) {
  return (
    <>
      <Button variant="secondary" onClick={onCancel} disabled={busy}>
        {cancelLabel}
      </Button>
      <Button type="submit" form={formId} variant={danger ? 'danger' : 'primary'} disabled={busy}>
        {children}
      </Button>
    </>
  );
}
