import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { type AuditLevel, auditLevels } from '#shared/audit.ts';
import { TextField } from '#web/components/field.tsx';
import { SelectField } from '#web/components/field-select.tsx';
import { auditSourcesQuery, type ServerFilter } from './audit-api.ts';

// Level and source are applied by the server and kept in the address (?level=error),
// so a filtered view can be bookmarked; the search box filters the rows on screen at once
// and, once typing pauses, asks the server (older entries match too).

const levelOptions = [
  { value: 'error', label: 'Error' },
  { value: 'warning', label: 'Warning' },
  { value: 'info', label: 'Info' },
];

const isLevel = (value: string): value is AuditLevel =>
  (auditLevels as readonly string[]).includes(value);

export function useServerFilter(): [ServerFilter, (next: Partial<ServerFilter>) => void] {
  const [params, setParams] = useSearchParams();
  const level = params.get('level') ?? '';
  const filter: ServerFilter = {
    level: isLevel(level) ? level : '',
    source: params.get('source') ?? '',
  };
  const change = (next: Partial<ServerFilter>) => {
    const merged = { ...filter, ...next };
    const search = new URLSearchParams();
    if (merged.level) search.set('level', merged.level);
    if (merged.source) search.set('source', merged.source);
    setParams(search, { replace: true, preventScrollReset: true });
  };
  return [filter, change];
}

export function AuditFilters({
  filter,
  onFilter,
  search,
  onSearch,
  seenSources,
}: {
  filter: ServerFilter;
  onFilter: (next: Partial<ServerFilter>) => void;
  search: string;
  onSearch: (text: string) => void;
  /** Sources in the rows on screen, in case the sources list is still loading. */
  seenSources: readonly string[];
}) {
  const sources = useQuery(auditSourcesQuery());
  const sourceNames = [
    ...new Set([...(sources.data ?? []), ...seenSources, filter.source].filter(Boolean)),
  ].sort();
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-[10rem_12rem_1fr]">
      <SelectField
        label="Level"
        placeholder="All levels"
        options={levelOptions}
        value={filter.level}
        onChange={(event) => {
          const value = event.target.value;
          onFilter({ level: isLevel(value) ? value : '' });
        }}
      />
      <SelectField
        label="Source"
        placeholder="All sources"
        options={sourceNames.map((name) => ({ value: name, label: name }))}
        value={filter.source}
        onChange={(event) => onFilter({ source: event.target.value })}
      />
      <TextField
        label="Search"
        type="search"
        placeholder="Message, source, user, process or details"
        value={search}
        onChange={(event) => onSearch(event.target.value)}
        className="col-span-2 lg:col-span-1"
      />
    </div>
  );
}
