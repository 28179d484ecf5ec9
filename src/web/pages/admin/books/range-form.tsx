import { type ReactNode, useState } from 'react';
import { BooksCsvQuerySchema, booksMessages } from '#shared/books.ts';
import { Button } from '#web/components/button.tsx';
import { TextField } from '#web/components/field.tsx';

// The days the books are read for. Checked here with the server's schema, so a range
// backwards or longer than three years is said under the field before anything is sent.

export interface BooksRange {
  from: string;
  to: string;
}

export function RangeForm({
  initial,
  onShow,
  children,
}: {
  /** The range shown; the form starts from it (remount it with a key when it changes). */
  initial: BooksRange;
  onShow: (range: BooksRange) => void;
  /** Actions on the range shown, at the end of the bar (Download CSV). */
  children?: ReactNode;
}) {
  const [from, setFrom] = useState(initial.from);
  const [to, setTo] = useState(initial.to);
  const [errors, setErrors] = useState<{ from?: string; to?: string }>({});

  const show = () => {
    const missing = {
      from: from ? undefined : booksMessages.day,
      to: to ? undefined : booksMessages.day,
    };
    if (missing.from || missing.to) return setErrors(missing);
    const checked = BooksCsvQuerySchema.safeParse({ from, to });
    if (!checked.success) {
      const found: { from?: string; to?: string } = {};
      for (const issue of checked.error.issues) {
        const field = issue.path[0] === 'from' ? 'from' : 'to';
        found[field] ??= issue.message;
      }
      return setErrors(found);
    }
    setErrors({});
    onShow({ from, to });
  };

  return (
    <form
      noValidate
      aria-label="Days to show"
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:flex-row sm:items-start"
      onSubmit={(event) => {
        event.preventDefault();
        show();
      }}
    >
      <TextField
        label="From"
        type="date"
        value={from}
        error={errors.from}
        onChange={(event) => setFrom(event.target.value)}
        className="sm:w-44"
      />
      <TextField
        label="To"
        type="date"
        value={to}
        error={errors.to}
        onChange={(event) => setTo(event.target.value)}
        className="sm:w-44"
      />
      <Button type="submit" variant="secondary" className="sm:mt-7">
        Show
      </Button>
      {children ? <div className="sm:mt-7 sm:ml-auto">{children}</div> : null}
    </form>
  );
}
