import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { RunsPerPeriod } from '#shared/analytics.ts';
import type { AnalyticsWindow } from './analytics-api.ts';
import { fillPeriods, periodLabel } from './analytics-window.ts';

// Executions against failures per period (SPEC §2 Analytics: usage). The chart is for
// the eye; the same figures are in the table below it for screen readers and exact values.

const colors = { executions: '#1d4ed8', failures: '#b91c1c' }; // brand-700, red-700

export function UsageChart({
  rows,
  range,
}: {
  rows: readonly RunsPerPeriod[];
  range: AnalyticsWindow;
}) {
  const data = fillPeriods(rows, range).map((row) => ({
    label: periodLabel(row._id, range.period),
    Executions: row.runs,
    Failures: row.fails,
  }));
  return (
    <figure
      aria-labelledby="usage-chart-caption"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <figcaption id="usage-chart-caption" className="mb-4 text-sm font-medium text-slate-700">
        Executions and failures per {range.period}
      </figcaption>
      <div className="h-72" aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart
            data={data}
            margin={{ top: 4, right: 8, bottom: 4, left: -16 }}
            accessibilityLayer={false}
          >
            <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e2e8f0" />
            <XAxis
              dataKey="label"
              tick={{ fontSize: 12, fill: '#475569' }}
              tickLine={false}
              minTickGap={12}
            />
            <YAxis
              allowDecimals={false}
              tick={{ fontSize: 12, fill: '#475569' }}
              tickLine={false}
              axisLine={false}
            />
            <Tooltip cursor={{ fill: '#f1f5f9' }} />
            <Legend wrapperStyle={{ fontSize: 13 }} />
            <Bar dataKey="Executions" fill={colors.executions} radius={[3, 3, 0, 0]} />
            <Bar dataKey="Failures" fill={colors.failures} radius={[3, 3, 0, 0]} />
          </BarChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}
