import { Button } from './button.tsx';

// Paging for a list the server answers a page at a time: which rows are shown
// out of how many, and Previous / Next. Nothing when everything fits on one page.

export function Pager({
  offset,
  limit,
  total,
  label,
  onChange,
  busy = false,
}: {
  offset: number;
  limit: number;
  total: number;
  /** What the rows are, e.g. "usage rows". */
  label: string;
  onChange: (offset: number) => void;
  busy?: boolean;
}) {
  if (total <= limit && offset === 0) return null;
  const last = Math.min(offset + limit, total);
  const count = new Intl.NumberFormat('en-US');
  return (
    <nav
      aria-label={`Pages of ${label}`}
      className="flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600"
    >
      <p aria-live="polite">
        {total === 0
          ? `No ${label}`
          : `${count.format(offset + 1)}–${count.format(last)} of ${count.format(total)} ${label}`}
      </p>
      <div className="flex gap-2">
        <Button
          variant="secondary"
          size="sm"
          disabled={busy || offset === 0}
          onClick={() => onChange(Math.max(0, offset - limit))}
        >
          Previous
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={busy || last >= total}
          onClick={() => onChange(offset + limit)}
        >
          Next
        </Button>
      </div>
    </nav>
  );
}
