import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ALERT_INCIDENTS_PAGE_SIZE, type IncidentFilter } from '#shared/alerts.ts';
import { CursorPager } from '#web/components/cursor-pager.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { SegmentedFilter } from '#web/components/segmented-filter.tsx';
import { useCursorPages } from '#web/components/use-cursor-pages.ts';
import { incidentsPageQuery } from './alerts-api.ts';
import { IncidentList } from './incident-list.tsx';

// The incidents, open ones or all, a page at a time: Next asks for those after the last
// one shown (the server's cursor), Previous goes back to a cursor already used.

const pageText = (before: number, shown: number) => {
  if (shown === 0) return 'No more incidents.';
  const first = before * ALERT_INCIDENTS_PAGE_SIZE + 1;
  return `Incidents ${first}–${first + shown - 1}`;
};

export function IncidentsView() {
  const [state, setState] = useState<IncidentFilter>('open');
  // Open or all: each its own pages.
  const pages = useCursorPages(state);
  const incidents = useQuery(incidentsPageQuery(state, pages.cursor));
  const open = incidents.data?.open;

  return (
    <section aria-labelledby="incidents-heading" className="space-y-4">
      <div
        ref={pages.top}
        className="flex scroll-mt-4 flex-wrap items-center justify-between gap-3"
      >
        <h2 id="incidents-heading" className="text-lg font-semibold text-slate-900">
          Incidents{open ? ` (${open} open)` : ''}
        </h2>
        <SegmentedFilter
          legend="Show incidents"
          name="incident-state"
          value={state}
          onChange={setState}
          options={[
            { value: 'open', label: 'Open' },
            { value: 'all', label: 'All' },
          ]}
        />
      </div>
      <QueryState
        query={incidents}
        loading="Loading incidents…"
        failed="The incidents could not be loaded"
        isEmpty={(page) => page.incidents.length === 0 && pages.pagesBefore === 0}
        empty={state === 'open' ? 'No open incidents: all is well.' : 'No incident yet.'}
      >
        {(page) => (
          <>
            <IncidentList incidents={page.incidents} />
            {page.nextCursor || pages.pagesBefore > 0 ? (
              <CursorPager
                label="incidents"
                text={pageText(pages.pagesBefore, page.incidents.length)}
                busy={incidents.isPlaceholderData}
                {...pages.turns(page.nextCursor)}
              />
            ) : null}
          </>
        )}
      </QueryState>
    </section>
  );
}
