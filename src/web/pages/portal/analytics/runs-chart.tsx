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
import type { DayStats } from '#shared/analytics.ts';
import { formatDayKey } from '#shared/dates.ts';

// Runs per day, succeeded and failed stacked. The picture is one image with a text
// summary for assistive technology; the same figures are in the table beside it.

const colors = { succeeded: '#2563eb', failed: '#dc2626' } as const;

export function RunsChart({ days, summary }: { days: DayStats[]; summary: string }) {
  const data = days.map((d) => ({
    day: formatDayKey(d.date),
    Succeeded: d.runs - d.failures,
    Failed: d.failures,
  }));
  return (
    <div role="img" aria-label={`Runs per day chart. ${summary}`} className="h-72 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e2e8f0" />
          <XAxis dataKey="day" tick={{ fontSize: 12, fill: '#475569' }} minTickGap={8} />
          <YAxis allowDecimals={false} tick={{ fontSize: 12, fill: '#475569' }} />
          <Tooltip cursor={{ fill: '#f1f5f9' }} />
          {/* In the order the bars stack, not alphabetical. */}
          <Legend wrapperStyle={{ fontSize: 13 }} itemSorter={null} />
          <Bar dataKey="Succeeded" stackId="runs" fill={colors.succeeded} />
          <Bar dataKey="Failed" stackId="runs" fill={colors.failed} radius={[3, 3, 0, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
