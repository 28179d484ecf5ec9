import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { ALERT_INCIDENTS_PAGE_SIZE, type IncidentFilter } from '#shared/alerts.ts';
import { CursorPager } from '#web/components/cursor-pager.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { SegmentedFilter } from '#web/components/segmented-filter.tsx';
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
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const top = useRef<HTMLDivElement>(null);
  const incidents = useQuery(incidentsPageQuery(state, cursors.at(-1) ?? null));
  const open = incidents.data?.open;

  const turn = (next: (string | null)[]) => {
    setCursors(next);
    top.current?.scrollIntoView({ block: 'start' });
  };

  return (
    <section aria-labelledby="incidents-heading" className="space-y-4">
      <div ref={top} className="flex scroll-mt-4 flex-wrap items-center justify-between gap-3">
        <h2 id="incidents-heading" className="text-lg font-semibold text-slate-900">
          Incidents{open ? ` (${open} open)` : ''}
        </h2>
        <SegmentedFilter
          legend="Show incidents"
          name="incident-state"
          value={state}
          onChange={(next) => {
            setState(next);
            setCursors([null]);
          }}
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
        isEmpty={(page) => page.incidents.length === 0 && cursors.length === 1}
        empty={state === 'open' ? 'No open incidents: all is well.' : 'No incident yet.'}
      >
        {(page) => (
          <>
            <IncidentList incidents={page.incidents} />
            {page.nextCursor || cursors.length > 1 ? (
              <CursorPager
                label="incidents"
                text={pageText(cursors.length - 1, page.incidents.length)}
                busy={incidents.isPlaceholderData}
                hasPrevious={cursors.length > 1}
                hasNext={!!page.nextCursor}
                onPrevious={() => turn(cursors.slice(0, -1))}
                onNext={() => turn([...cursors, page.nextCursor])}
              />
            ) : null}
          </>
        )}
      </QueryState>
    </section>
  );
}
