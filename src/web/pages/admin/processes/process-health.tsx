import type { ReactNode } from 'react';
import { formatDateTime } from '#shared/dates.ts';
import {
  formatQuantile,
  formatRate,
  type HealthLevel,
  type ProcessHealth,
} from '#shared/process-health.ts';
import { Badge, type BadgeTone } from '#web/components/badge.tsx';

// A process's health in the admin list, from the rollups (docs/decisions/029-operations-
// console.md): its level, failures in a row, success over 7 and 30 days, median and p95
// duration, last success and last failure with its error as recorded.

export const healthBadge: Record<HealthLevel, { label: string; tone: BadgeTone }> = {
  failing: { label: 'Failing', tone: 'red' },
  degraded: { label: 'Needs attention', tone: 'amber' },
  healthy: { label: 'Healthy', tone: 'green' },
  idle: { label: 'No runs in 30 days', tone: 'slate' },
};

export function HealthBadge({ health }: { health: ProcessHealth }) {
  const { label, tone } = healthBadge[health.level];
  return <Badge tone={tone}>{label}</Badge>;
}

const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className="mt-0.5 text-sm text-slate-900 tabular-nums">{children}</dd>
    </div>
  );
}

const rateOf = (rate: number | null, runs: number) =>
  runs > 0 ? (
    <>
      <span className="font-medium">{formatRate(rate)}</span>{' '}
      <span className="text-slate-600">of {plural(runs, 'run', 'runs')}</span>
    </>
  ) : (
    <span className="text-slate-600">No runs</span>
  );

const when = (iso: string | null) =>
  iso ? (
    <time dateTime={iso}>{formatDateTime(iso)}</time>
  ) : (
    <span className="text-slate-600">Never</span>
  );

/** A healthy or idle process in one line, so a long list stays light to read and render. */
function HealthLine({ health }: { health: ProcessHealth }) {
  return (
    <div className="mt-3 text-sm text-slate-600 tabular-nums">
      {health.runs30d > 0 ? (
        <>
          Success {formatRate(health.rate7d ?? health.rate30d)} over{' '}
          {health.runs7d > 0 ? '7' : '30'} days · {plural(health.runs30d, 'run', 'runs')} in 30 days
          · median {formatQuantile(health.medianMs)} · p95 {formatQuantile(health.p95Ms)}
          {health.lastFailureAt ? <> · last failure {when(health.lastFailureAt)}</> : null}
        </>
      ) : (
        'No runs in the last 30 days.'
      )}
    </div>
  );
}

export function ProcessHealthSummary({ health }: { health: ProcessHealth }) {
  if (health.level === 'healthy' || health.level === 'idle') {
    return <HealthLine health={health} />;
  }
  const streak = health.failuresInARow > 0;
  return (
    <div
      className={`mt-4 rounded-lg border px-4 py-3 ${health.level === 'failing' ? 'border-red-200 bg-red-50/60' : 'border-slate-200 bg-slate-50'}`}
    >
      {streak ? (
        <p className="mb-2 text-sm font-semibold text-red-800">
          {plural(health.failuresInARow, 'failure', 'failures')} in a row
          {health.failingSince ? (
            <span className="font-normal text-red-800">
              {' '}
              since{' '}
              <time dateTime={health.failingSince}>{formatDateTime(health.failingSince)}</time>
            </span>
          ) : null}
        </p>
      ) : null}
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-3 xl:grid-cols-6">
        <Figure label="Success, 7 days">{rateOf(health.rate7d, health.runs7d)}</Figure>
        <Figure label="Success, 30 days">{rateOf(health.rate30d, health.runs30d)}</Figure>
        <Figure label="Median">{formatQuantile(health.medianMs)}</Figure>
        <Figure label="p95">{formatQuantile(health.p95Ms)}</Figure>
        <Figure label="Last success">{when(health.lastSuccessAt)}</Figure>
        <Figure label="Last failure">{when(health.lastFailureAt)}</Figure>
      </dl>
      {health.lastError ? (
        <p
          className="mt-2 line-clamp-3 text-sm wrap-anywhere text-slate-800"
          title={health.lastError}
        >
          <span className="font-medium">Last error:</span> {health.lastError}
        </p>
      ) : null}
    </div>
  );
}
