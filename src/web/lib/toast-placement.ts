// Where a notice goes so it does not cover what the person is using: away from the
// control that raised it, then over as few other controls as may be, else the usual
// place (the top on a phone, where a page's buttons are seldom; the bottom right on
// wider screens). Pure, so it is unit-tested; the toaster measures the page for it.

export type ToastEdge = 'top' | 'bottom';

export interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** Below the sticky header (4rem) with a gap, and a gap above the bottom edge. */
export const TOP_OFFSET = 80;
export const BOTTOM_OFFSET = 16;
/** Under this width (Tailwind's sm) the notice spans the screen and prefers the top. */
export const PHONE_WIDTH = 640;

export const overlaps = (a: Box, b: Box) =>
  a.top < b.bottom && b.top < a.bottom && a.left < b.right && b.left < a.right;

/** The box a notice of this size takes at an edge of the viewport. */
export function boxAt(
  edge: ToastEdge,
  viewportHeight: number,
  toast: { left: number; right: number; height: number },
): Box {
  const top = edge === 'top' ? TOP_OFFSET : viewportHeight - BOTTOM_OFFSET - toast.height;
  return { top, bottom: top + toast.height, left: toast.left, right: toast.right };
}

export function toastEdge({
  viewport,
  toast,
  origin,
  controls,
}: {
  viewport: { width: number; height: number };
  toast: { left: number; right: number; height: number };
  /** The control that raised the notice, or has focus now; null when none is known. */
  origin: Box | null;
  /** The page's other visible controls. */
  controls: Box[];
}): ToastEdge {
  const preferred: ToastEdge = viewport.width < PHONE_WIDTH ? 'top' : 'bottom';
  const other: ToastEdge = preferred === 'top' ? 'bottom' : 'top';
  const cost = (edge: ToastEdge) => {
    const box = boxAt(edge, viewport.height, toast);
    const covered = controls.filter((control) => overlaps(box, control)).length;
    return (origin && overlaps(box, origin) ? 1000 : 0) + covered;
  };
  return cost(other) < cost(preferred) ? other : preferred;
}
