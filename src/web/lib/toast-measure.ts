import { type Box, type ToastEdge, toastEdge } from './toast-placement.ts';

// The page measured for toast-placement.ts: the notice's size, the focused control and the
// other controls on screen. Loaded once the toaster has mounted, not with the page: a
// notice only ever follows something the person did.

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

/** Where `notice` goes: away from the focused control, else from the one that raised it. */
export function noticeEdge(notice: HTMLElement, origin: Box | null): ToastEdge {
  const { left, right, height } = notice.getBoundingClientRect();
  return toastEdge({
    viewport: { width: window.innerWidth, height: window.innerHeight },
    toast: { left, right, height },
    origin: focusedBox(notice) ?? origin,
    controls: visibleControls(notice),
  });
}
