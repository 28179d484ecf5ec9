import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useToast } from '#web/lib/toast.ts';
import type { ToastEdge } from '#web/lib/toast-placement.ts';

const edges: Record<ToastEdge, string> = { top: 'top-20', bottom: 'bottom-4' };

type Notice = typeof import('./toast-notice.tsx');
// The notice and its placement are fetched once the toaster mounts rather than with the
// page (every public page carries the toaster, and its script budget is tight): by the
// time anything raises a notice they are here.
let loaded: Notice | null = null;
const loadNotice = () =>
  import('./toast-notice.tsx').then((module) => {
    loaded = module;
    return module;
  });

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
  const [parts, setParts] = useState<Notice | null>(loaded);

  useEffect(() => {
    if (loaded) return;
    loadNotice()
      .then(setParts)
      .catch(() => {
        // Offline: a notice raised later tries again.
      });
  }, []);
  useEffect(() => {
    if (parts || !current) return;
    loadNotice()
      .then(setParts)
      .catch(() => {
        // Still offline: this notice is not shown, and the next one tries again.
      });
  }, [parts, current]);

  const place = useCallback(() => {
    const node = notice.current;
    if (node && current && parts) setEdge(parts.noticeEdge(node, current.origin));
  }, [current, parts]);

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
      {current && parts ? (
        <parts.ToastNotice key={current.id} toast={current} noticeRef={notice} />
      ) : null}
    </div>
  );
}
