import { CloseButton } from '#web/components/close-button.tsx';
import { dismissToast, type ToastTone, useToast } from '#web/lib/toast.ts';

const accents: Record<ToastTone, string> = {
  info: 'border-l-brand-700',
  success: 'border-l-green-700',
  error: 'border-l-red-700',
};

/**
 * Shows the current notice. The live region stays mounted even when empty so screen
 * readers announce each new notice.
 */
export function Toaster() {
  const current = useToast();
  return (
    <div
      role="status"
      aria-live="polite"
      aria-atomic="true"
      className="pointer-events-none fixed inset-x-4 bottom-4 z-50 flex justify-end sm:left-auto sm:w-96"
    >
      {current ? (
        <div
          key={current.id}
          className={`pointer-events-auto flex w-full items-start gap-3 rounded-lg border border-l-4 border-slate-200 bg-white p-4 shadow-lg ${accents[current.tone]}`}
        >
          <div className="min-w-0 flex-1">
            <p className="text-sm font-semibold text-slate-900">{current.title}</p>
            <p className="mt-1 text-sm break-words text-slate-700">{current.text}</p>
          </div>
          <CloseButton label="Dismiss notification" onClick={dismissToast} />
        </div>
      ) : null}
    </div>
  );
}
