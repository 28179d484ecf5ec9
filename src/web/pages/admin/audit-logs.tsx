import { useInfiniteQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { Button } from '#web/components/button.tsx';
import { PageHeader } from '#web/components/page-header.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { pageMeta } from '#web/lib/meta.ts';
import { useSettled } from '#web/lib/use-settled.ts';
import { auditLogsQuery } from './audit-logs/audit-api.ts';
import { auditCsv, csvFilename, downloadCsv } from './audit-logs/audit-csv.ts';
import { AuditFilters, useServerFilter } from './audit-logs/audit-filters.tsx';
import { AuditCount, AuditEmpty, AuditOlder } from './audit-logs/audit-progress.tsx';
import { AuditEntries } from './audit-logs/audit-table.tsx';
import { searchEntries } from './audit-logs/audit-text.ts';

const title = 'Audit Logs';
const description =
  'Filter and search the errors, warnings and events recorded across the platform.';

export const meta = () => pageMeta(title, description);

export default function AdminAuditLogsPage() {
  const [filter, setFilter] = useServerFilter();
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  // The server searches too, once typing pauses: entries beyond the loaded pages count.
  const serverSearch = useSettled(search, 300);
  const logs = useInfiniteQuery(auditLogsQuery({ ...filter, q: serverSearch }));
  const fetched = logs.data?.entries ?? [];
  const shown = searchEntries(fetched, deferredSearch);
  const filtered = Boolean(filter.level || filter.source || deferredSearch.trim());

  const exportCsv = (
    <Button
      variant="secondary"
      disabled={shown.length === 0}
      onClick={() => downloadCsv(auditCsv(shown), csvFilename())}
    >
      Export CSV
    </Button>
  );

  return (
    <>
      <PageHeader title={title} description={description} actions={exportCsv} />
      <div className="space-y-4">
        <AuditFilters
          filter={filter}
          onFilter={setFilter}
          search={search}
          onSearch={setSearch}
          seenSources={fetched.map((entry) => entry.source)}
        />
        <QueryState
          query={logs}
          loading="Loading audit logs…"
          failed="Audit logs could not be loaded"
        >
          {(pages) => {
            const progress = {
              pages,
              shown: shown.length,
              searching: Boolean(serverSearch.trim()),
              hasOlder: logs.hasNextPage,
              loadingOlder: logs.isFetchingNextPage,
              updating: logs.isFetching && !logs.isPending,
              onOlder: () => logs.fetchNextPage(),
            };
            return (
              <>
                <AuditCount {...progress} />
                {shown.length > 0 ? (
                  <AuditEntries entries={shown} />
                ) : (
                  <AuditEmpty {...progress} filtered={filtered} />
                )}
                <AuditOlder {...progress} />
              </>
            );
          }}
        </QueryState>
      </div>
    </>
  );
}
