import { useSearchParams } from 'react-router';
import { SelectField } from '#web/components/field-select.tsx';
import type { AnalyticsWindow } from './analytics-api.ts';
import {
  defaultWindow,
  isPeriod,
  periodOptions,
  topOptions,
  windowOptions,
} from './analytics-window.ts';

// The range, grouping and list length live in the address (?days=90&period=week&top=25),
// so a view can be bookmarked or shared and Back returns to the previous one.

const knownDays = new Set<string>(windowOptions.map((o) => o.value));
const knownTops = new Set<string>(topOptions.map((o) => o.value));

export function useAnalyticsWindow(): [AnalyticsWindow, (next: Partial<AnalyticsWindow>) => void] {
  const [params, setParams] = useSearchParams();
  const days = params.get('days') ?? '';
  const period = params.get('period') ?? '';
  const top = params.get('top') ?? '';
  const range: AnalyticsWindow = {
    days: knownDays.has(days) ? Number(days) : defaultWindow.days,
    period: isPeriod(period) ? period : defaultWindow.period,
    top: knownTops.has(top) ? Number(top) : defaultWindow.top,
  };
  const change = (next: Partial<AnalyticsWindow>) => {
    const merged = { ...range, ...next };
    const search: Record<string, string> = { days: String(merged.days), period: merged.period };
    if (merged.top !== defaultWindow.top) search.top = String(merged.top);
    setParams(search, { preventScrollReset: true });
  };
  return [range, change];
}

/**
 * The filters of the screen as one toolbar, so they read as one choice rather than controls
 * scattered over the cards: the time range and grouping that top processes and usage
 * share, and how many top processes to list.
 */
export function WindowFilter({
  range,
  onChange,
}: {
  range: AnalyticsWindow;
  onChange: (next: Partial<AnalyticsWindow>) => void;
}) {
  return (
    <fieldset
      aria-describedby="analytics-filters-note"
      className="flex min-w-0 flex-col gap-4 rounded-xl border border-slate-200 bg-slate-50 p-4 lg:flex-row lg:items-end lg:justify-between"
    >
      <legend className="sr-only">Filters</legend>
      <div className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap">
        <SelectField
          label="Time range"
          options={windowOptions}
          value={String(range.days)}
          onChange={(event) => onChange({ days: Number(event.target.value) })}
          className="col-span-2 sm:w-44"
        />
        <SelectField
          label="Group by"
          options={periodOptions}
          value={range.period}
          onChange={(event) => {
            if (isPeriod(event.target.value)) onChange({ period: event.target.value });
          }}
          className="min-w-0 sm:w-36"
        />
        <SelectField
          label="Show"
          options={topOptions}
          value={String(range.top)}
          onChange={(event) => onChange({ top: Number(event.target.value) })}
          className="min-w-0 sm:w-36"
        />
      </div>
      <p id="analytics-filters-note" className="text-sm text-slate-600 lg:max-w-xs lg:text-right">
        Filters for top processes and usage below. Days, weeks and months are in UTC.
      </p>
    </fieldset>
  );
}
