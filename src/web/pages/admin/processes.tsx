import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ProcessSort } from '#shared/api/processes.ts';
import { totalText } from '#shared/paging.ts';
import { Button } from '#web/components/button.tsx';
import { CursorPager } from '#web/components/cursor-pager.tsx';
import { PageHeader } from '#web/components/page-header.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { type FilterOption, SegmentedFilter } from '#web/components/segmented-filter.tsx';
import { useCursorPages } from '#web/components/use-cursor-pages.ts';
import { pageMeta } from '#web/lib/meta.ts';
import { CreateProcessDialog } from './processes/create-process-dialog.tsx';
import { ProcessItem } from './processes/process-item.tsx';
import { PROCESS_PAGE_SIZE, processesQuery } from './processes/processes-api.ts';
import { ClientSelect } from './shared/client-select.tsx';

const title = 'Processes';
const description =
  'Create processes, connect them to workflow webhooks, test them, pause or activate them, and see how each is doing.';

const sortOptions: FilterOption<ProcessSort>[] = [
  { value: 'newest', label: 'Newest' },
  { value: 'health', label: 'By health' },
];

export const meta = () => pageMeta(title, description);

const shownText = (
  pagesBefore: number,
  page: { rows: unknown[]; total: number; totalCapped: boolean },
) => {
  const first = pagesBefore * PROCESS_PAGE_SIZE + 1;
  return `Processes ${first}–${first + page.rows.length - 1} of ${totalText(page)}`;
};

export default function AdminProcessesPage() {
  const [clientFilter, setClientFilter] = useState('');
  const [creating, setCreating] = useState(false);
  // The order lives in the address (?sort=health), so a view of the worst first can be
  // bookmarked or shared.
  const [params, setParams] = useSearchParams();
  const sort: ProcessSort = params.get('sort') === 'health' ? 'health' : 'newest';
  const changeSort = (next: ProcessSort) => {
    setParams(next === 'health' ? { sort: next } : {}, { preventScrollReset: true });
  };
  // The client filter, the order and the pages are the server's: the page never holds
  // every process.
  // A new order or client starts again from the first page.
  const pages = useCursorPages<HTMLElement>(`${sort}\n${clientFilter}`);
  const processes = useQuery(
    processesQuery({ clientUserId: clientFilter, after: pages.cursor, sort }),
  );
  const shown = processes.data?.rows ?? [];

  return (
    <>
      <PageHeader
        title={title}
        description={description}
        actions={<Button onClick={() => setCreating(true)}>New process</Button>}
      />
      {creating ? <CreateProcessDialog onClose={() => setCreating(false)} /> : null}
      <div className="space-y-10">
        <section ref={pages.top} aria-labelledby="all-processes-heading" className="scroll-mt-24">
          <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
            <h2 id="all-processes-heading" className="text-xl font-semibold text-slate-900">
              All processes
            </h2>
            {processes.data && (processes.data.total > 0 || clientFilter) ? (
              <div className="flex w-full flex-col gap-3 sm:flex-row sm:items-start lg:w-auto">
                <div className="flex flex-col gap-1">
                  <span aria-hidden="true" className="text-sm font-medium text-slate-700">
                    Sort
                  </span>
                  <SegmentedFilter
                    legend="Sort processes"
                    name="process-sort"
                    options={sortOptions}
                    value={sort}
                    onChange={changeSort}
                  />
                </div>
                <ClientSelect
                  label="Show processes of"
                  placeholder="All clients"
                  selected={clientFilter}
                  value={clientFilter}
                  onChange={(event) => {
                    setClientFilter(event.target.value);
                  }}
                  className="w-full min-w-0 sm:flex-1 lg:w-[28rem] lg:flex-none"
                />
              </div>
            ) : null}
          </div>
          <QueryState
            query={processes}
            loading="Loading processes…"
            failed="Processes could not be loaded"
            isEmpty={() => shown.length === 0}
            empty={
              clientFilter
                ? 'This client has no processes yet.'
                : 'No processes yet. Create the first one with New process.'
            }
          >
            {(page) => (
              <div className="space-y-4">
                <ul className="space-y-4">
                  {shown.map((process) => (
                    <ProcessItem
                      key={process._id}
                      process={process}
                      clientName={process.clientName ?? 'Unknown client'}
                      health={process.health}
                    />
                  ))}
                </ul>
                {pages.pagesBefore > 0 || page.nextCursor ? (
                  <CursorPager
                    label="processes"
                    text={shownText(pages.pagesBefore, page)}
                    busy={processes.isPlaceholderData}
                    {...pages.turns(page.nextCursor)}
                  />
                ) : null}
              </div>
            )}
          </QueryState>
        </section>
      </div>
    </>
  );
}
