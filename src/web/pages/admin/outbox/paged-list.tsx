import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { OutboxStatus } from '#shared/outbox.ts';
import { Alert } from '#web/components/alert.tsx';
import { Button } from '#web/components/button.tsx';
import { SegmentedFilter } from '#web/components/segmented-filter.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { statusFilters } from './statuses.ts';

// The parts of the Outbox's two lists: the filter with the counts, and the list as it
// loads page by page (loading, failed with a retry, empty, the rows, older ones).

export function PagedList<Page>({
  pages,
  count,
  noun,
  children,
}: {
  pages: UseInfiniteQueryResult<InfiniteData<Page>>;
  /** Rows loaded so far. */
  count: number;
  /** "messages", "webhook notices". */
  noun: string;
  children: ReactNode;
}) {
  return (
    <>
      {pages.isPending ? <Spinner label={`Loading ${noun}…`} /> : null}
      {pages.isError ? (
        <Alert title={`The ${noun} could not be loaded`}>
          <p>{pages.error.message}</p>
          <Button variant="secondary" size="sm" className="mt-3" onClick={() => pages.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : null}
      {pages.isSuccess && count === 0 ? (
        <p className="text-sm text-slate-600">No {noun} here.</p>
      ) : null}
      {count > 0 ? children : null}
      {pages.hasNextPage ? (
        <div className="mt-4 flex justify-center">
          <Button
            variant="secondary"
            onClick={() => pages.fetchNextPage()}
            disabled={pages.isFetchingNextPage}
          >
            {pages.isFetchingNextPage ? 'Loading…' : `Show older ${noun}`}
          </Button>
        </div>
      ) : null}
    </>
  );
}

/** A list's status filter, and how many of each it holds (from its first page). */
export function StatusBar({
  legend,
  name,
  value,
  onChange,
  counts,
  sentWord = 'sent',
}: {
  legend: string;
  name: string;
  value: OutboxStatus | 'all';
  onChange: (status: OutboxStatus | 'all') => void;
  counts: Record<OutboxStatus, number> | undefined;
  /** What a done one is called: "sent" mail, "delivered" notices. */
  sentWord?: string;
}) {
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-x-6 gap-y-2">
      <SegmentedFilter
        legend={legend}
        name={name}
        options={statusFilters}
        value={value}
        onChange={onChange}
      />
      {counts ? (
        <p className="text-sm text-slate-600">
          {counts.pending} waiting · {counts.failed} failed · {counts.sent} {sentWord}
        </p>
      ) : null}
    </div>
  );
}

/** The rows of a list, as one bordered card. */
export function Rows({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul
      aria-label={label}
      className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white px-4 sm:px-5"
    >
      {children}
    </ul>
  );
}
