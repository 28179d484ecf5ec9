import { useEffect, useRef } from 'react';

/**
 * Keeps a native <dialog> in step with `open`. showModal() is the only way to get a
 * modal dialog (focus moves in and stays, the page behind is inert), so the DOM is
 * synced here rather than through the `open` attribute.
 */
export function useModal(open: boolean) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return ref;
}
