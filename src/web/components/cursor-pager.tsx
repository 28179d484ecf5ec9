import { Button } from './button.tsx';

// Paging for a list the server answers a page at a time after a cursor (no total is
// counted): which rows are shown, and Previous / Next page. The list keeps the cursors of
// the pages it came through, so Previous goes back without asking where it was.

export function CursorPager({
  label,
  text,
  busy,
  hasPrevious,
  hasNext,
  onPrevious,
  onNext,
}: {
  /** What the pages hold, e.g. "runs": the navigation is "Pages of runs". */
  label: string;
  /** Which rows are shown, e.g. "Runs 51–100". */
  text: string;
  /** The next page is on its way: the buttons wait for it. */
  busy: boolean;
  hasPrevious: boolean;
  hasNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
}) {
  return (
    <nav
      aria-label={`Pages of ${label}`}
      className="flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600"
    >
      <p aria-live="polite">
        {text}
        {busy ? ' · loading…' : ''}
      </p>
      <div className="flex gap-2">
        <Button variant="secondary" size="sm" disabled={!hasPrevious || busy} onClick={onPrevious}>
          Previous
        </Button>
        <Button variant="secondary" size="sm" disabled={!hasNext || busy} onClick={onNext}>
          Next page
        </Button>
      </div>
    </nav>
  );
}
