import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { ADMIN_RUNS_PAGE_SIZE } from '#shared/admin-runs.ts';
import { CursorPager } from '#web/components/cursor-pager.tsx';
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
            <CursorPager
              label="runs"
              text={pageText(cursors.length - 1, page.runs.length)}
              busy={runs.isPlaceholderData}
              hasPrevious={cursors.length > 1}
              hasNext={!!page.nextCursor}
              onPrevious={() => turn(cursors.slice(0, -1))}
              onNext={() => turn([...cursors, page.nextCursor])}
            />
          </>
        )}
      </QueryState>
    </div>
  );
}
