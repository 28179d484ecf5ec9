import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { ADMIN_RUNS_PAGE_SIZE } from '#shared/admin-runs.ts';
import { Button } from '#web/components/button.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { RunList } from './run-list.tsx';
import { type RunsFilter, runsPageQuery } from './runs-api.ts';

// The runs matching the filters, a page at a time. Next asks for the runs after the last
// one shown (the server's cursor), Previous goes back to a cursor already used. Mounted
// afresh for each set of filters (keyed by them), so new filters start on the first page.

const pageText = (before: number, shown: number) => {
  if (shown === 0) return 'No more runs.';
  const first = before * ADMIN_RUNS_PAGE_SIZE + 1;
  return `Runs ${first}–${first + shown - 1}`;
};

export function RunsView({ filter }: { filter: RunsFilter }) {
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const top = useRef<HTMLDivElement>(null);
  const runs = useQuery(runsPageQuery(filter, cursors.at(-1) ?? null));
  const filtered = Object.values(filter).some(Boolean);

  const turn = (next: (string | null)[]) => {
    setCursors(next);
    top.current?.scrollIntoView({ block: 'start' });
  };

  return (
    <div ref={top} className="scroll-mt-4 space-y-4">
      <QueryState
        query={runs}
        loading="Loading runs…"
        failed="The runs could not be loaded"
        isEmpty={(page) => page.runs.length === 0 && cursors.length === 1}
        empty={filtered ? 'No run matches these filters.' : 'No process has run yet.'}
      >
        {(page) => (
          <>
            <RunList runs={page.runs} />
            <nav
              aria-label="Pages of runs"
              className="flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600"
            >
              <p aria-live="polite">
                {pageText(cursors.length - 1, page.runs.length)}
                {runs.isPlaceholderData ? ' · loading…' : ''}
              </p>
              <div className="flex gap-2">
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={cursors.length === 1 || runs.isPlaceholderData}
                  onClick={() => turn(cursors.slice(0, -1))}
                >
                  Previous
                </Button>
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={!page.nextCursor || runs.isPlaceholderData}
                  onClick={() => turn([...cursors, page.nextCursor])}
                >
                  Next page
                </Button>
              </div>
            </nav>
          </>
        )}
      </QueryState>
    </div>
  );
}
