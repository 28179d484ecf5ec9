import { useQuery } from '@tanstack/react-query';
import { ADMIN_RUNS_PAGE_SIZE } from '#shared/admin-runs.ts';
import { CursorPager } from '#web/components/cursor-pager.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { useCursorPages } from '#web/components/use-cursor-pages.ts';
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
  const pages = useCursorPages();
  const runs = useQuery(runsPageQuery(filter, pages.cursor));
  const filtered = Object.values(filter).some(Boolean);

  return (
    <div ref={pages.top} className="scroll-mt-4 space-y-4">
      <QueryState
        query={runs}
        loading="Loading runs…"
        failed="The runs could not be loaded"
        isEmpty={(page) => page.runs.length === 0 && pages.pagesBefore === 0}
        empty={filtered ? 'No run matches these filters.' : 'No process has run yet.'}
      >
        {(page) => (
          <>
            <RunList runs={page.runs} />
            <CursorPager
              label="runs"
              text={pageText(pages.pagesBefore, page.runs.length)}
              busy={runs.isPlaceholderData}
              {...pages.turns(page.nextCursor)}
            />
          </>
        )}
      </QueryState>
    </div>
  );
}
