import { CloseButton } from '#web/components/close-button.tsx';
import { dismissToast, type Toast, type ToastTone } from '#web/lib/toast.ts';
import { shownText } from '#web/lib/toast-words.ts';

// The notice the toaster shows, loaded once the toaster has mounted (toaster.tsx): every
// public page carries the toaster, and only something the person did raises a notice.

const accents: Record<ToastTone, string> = {
  info: 'border-l-brand-700',
  success: 'border-l-green-700',
  error: 'border-l-red-700',
};

export function ToastNotice({
  toast,
  noticeRef,
}: {
  toast: Toast;
  noticeRef: React.Ref<HTMLDivElement>;
}) {
  const { body, titleInText } = shownText(toast.title, toast.text);
  return (
    <div
      ref={noticeRef}
      className={`pointer-events-auto flex w-full items-start gap-3 rounded-lg border border-l-4 border-slate-200 bg-white p-4 shadow-lg ${accents[toast.tone]}`}
    >
      <div className="min-w-0 flex-1">
        {titleInText ? (
          <>
            <p className="sr-only">{toast.title}</p>
            <p className="text-sm font-semibold break-words text-slate-900">{body}</p>
          </>
        ) : (
          <>
            <p className="text-sm font-semibold text-slate-900">{toast.title}</p>
            {body ? <p className="mt-1 text-sm break-words text-slate-700">{body}</p> : null}
          </>
        )}
      </div>
      <CloseButton label="Dismiss notification" onClick={dismissToast} />
    </div>
  );
}
export { noticeEdge } from '#web/lib/toast-measure.ts';
