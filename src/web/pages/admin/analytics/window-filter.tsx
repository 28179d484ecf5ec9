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

export function WindowFilter({
  range,
  onChange,
}: {
  range: AnalyticsWindow;
  onChange: (next: Partial<AnalyticsWindow>) => void;
}) {
  return (
    <div className="flex w-full flex-wrap gap-3 sm:w-auto">
      <SelectField
        label="Time range"
        options={windowOptions}
        value={String(range.days)}
        onChange={(event) => onChange({ days: Number(event.target.value) })}
        className="min-w-40 flex-1 sm:flex-none"
      />
      <SelectField
        label="Group by"
        options={periodOptions}
        value={range.period}
        onChange={(event) => {
          if (isPeriod(event.target.value)) onChange({ period: event.target.value });
        }}
        className="min-w-32 flex-1 sm:flex-none"
      />
    </div>
  );
}
