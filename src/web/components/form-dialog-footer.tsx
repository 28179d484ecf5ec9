import type { ReactNode } from 'react';
import { Button } from './button.tsx';

// The footer of a dialog that holds a form: Cancel, and the submit button outside the
// form (form={formId}), both held while it is sent.

export function FormDialogFooter({
  formId,
  busy,
  onCancel,
  children,
}: {
  formId: string;
  busy: boolean;
  onCancel: () => void;
  /** The submit button's label, busy or not. */
  children: ReactNode;
}) {
  return (
    <>
      <Button variant="secondary" onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
      <Button type="submit" form={formId} disabled={busy}>
        {children}
      </Button>
    </>
  );
}
