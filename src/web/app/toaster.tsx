import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { CloseButton } from '#web/components/close-button.tsx';
import { dismissToast, type ToastTone, useToast } from '#web/lib/toast.ts';
import { type Box, type ToastEdge, toastEdge } from '#web/lib/toast-placement.ts';

const accents: Record<ToastTone, string> = {
  info: 'border-l-brand-700',
  success: 'border-l-green-700',
  error: 'border-l-red-700',
};

const edges: Record<ToastEdge, string> = { top: 'top-20', bottom: 'bottom-4' };

const CONTROLS = 'a[href], button, input, select, textarea, summary, [role="button"]';

const boxOf = (element: Element): Box => {
  const { top, bottom, left, right } = element.getBoundingClientRect();
  return { top, bottom, left, right };
};

/** The page's controls on screen, outside the notice itself. */
function visibleControls(notice: HTMLElement): Box[] {
  const height = window.innerHeight;
  return [...document.querySelectorAll(CONTROLS)]
    .filter((element) => !notice.contains(element))
    .map(boxOf)
    .filter((box) => box.bottom > box.top && box.bottom > 0 && box.top < height);
}

/** The focused control, unless focus is on the page itself or in the notice. */
function focusedBox(notice: HTMLElement): Box | null {
  const element = document.activeElement;
  if (!element || element === document.body || notice.contains(element)) return null;
  const box = boxOf(element);
  return box.bottom > box.top ? box : null;
}

/**
 * Shows the current notice where it covers no control the person is using (see
 * toast-placement.ts), looking again when focus moves, the page scrolls or the window
 * changes size. The live region stays mounted even when empty so screen readers announce
 * each new notice.
 */
export function Toaster() {
  const current = useToast();
  const notice = useRef<HTMLDivElement>(null);
  const [edge, setEdge] = useState<ToastEdge>('bottom');

  const place = useCallback(() => {
    const node = notice.current;
    if (!node || !current) return;
    const { left, right, height } = node.getBoundingClientRect();
    setEdge(
      toastEdge({
        viewport: { width: window.innerWidth, height: window.innerHeight },
        toast: { left, right, height },
        origin: focusedBox(node) ?? current.origin,
        controls: visibleControls(node),
      }),
    );
  }, [current]);

  // Before paint, so a notice never flashes over the button that raised it.
  useLayoutEffect(() => {
    if (!current) return;
    place();
    let frame = 0;
    const later = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(place);
    };
    document.addEventListener('focusin', later);
    window.addEventListener('scroll', later, { passive: true });
    window.addEventListener('resize', later);
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener('focusin', later);
      window.removeEventListener('scroll', later);
      window.removeEventListener('resize', later);
    };
  }, [current, place]);

  return (
    <div
      role="status"
      aria-live="polite"
      aria-atomic="true"
      className={`pointer-events-none fixed inset-x-4 z-50 flex justify-end sm:left-auto sm:w-96 ${edges[edge]}`}
    >
      {current ? (
        <div
          ref={notice}
          key={current.id}
          className={`pointer-events-auto flex w-full items-start gap-3 rounded-lg border border-l-4 border-slate-200 bg-white p-4 shadow-lg ${accents[current.tone]}`}
        >
          <div className="min-w-0 flex-1">
            {current.titleInText ? (
              <>
                <p className="sr-only">{current.title}</p>
                <p className="text-sm font-semibold break-words text-slate-900">{current.text}</p>
              </>
            ) : (
              <>
                <p className="text-sm font-semibold text-slate-900">{current.title}</p>
                {current.text ? (
                  <p className="mt-1 text-sm break-words text-slate-700">{current.text}</p>
                ) : null}
              </>
            )}
          </div>
          <CloseButton label="Dismiss notification" onClick={dismissToast} />
        </div>
      ) : null}
    </div>
  );
}
