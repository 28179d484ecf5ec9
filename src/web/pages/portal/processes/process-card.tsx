import { useState } from 'react';
import { formatDateTime } from '#shared/dates.ts';
import type { MyProcess } from '#shared/processes.ts';
import { Badge } from '#web/components/badge.tsx';
import { Button } from '#web/components/button.tsx';
import { processAnchor } from '../shared/process-anchor.ts';
import { triggerLabels } from '../shared/run-format.ts';
import { RunStatus } from '../shared/run-status.tsx';
import { RunButton } from './run-button.tsx';
import { RunsDialog } from './runs-dialog.tsx';

// One process in My Processes (SPEC §2): what it is, how it last ran, Run workflow (or
// "Not allowed") and its recent runs.

function LastRunLine({ process }: { process: MyProcess }) {
  const run = process.lastRun;
  if (!run) return <p className="text-sm text-slate-600">Not run yet</p>;
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-700">
      <span className="text-slate-600">Last run</span>
      <time dateTime={run.startedAt} className="font-medium text-slate-900">
        {formatDateTime(run.startedAt)}
      </time>
      <RunStatus
        state={run.state}
        ok={run.ok}
        statusCode={run.statusCode}
        durationMs={run.durationMs}
        confirmedByN8n={run.confirmedByN8n}
        errorKind={run.errorKind}
      />
      <span className="text-slate-600">{triggerLabels[run.trigger]}</span>
    </p>
  );
}

export function ProcessCard({
  process,
  canTrigger,
  showRuns = false,
  linkedTo = false,
}: {
  process: MyProcess;
  canTrigger: boolean;
  /** Open its recent runs at once (a notice's link: /client/processes?runs=<id>). */
  showRuns?: boolean;
  /** The page was opened with a link to this process (#process-<id>): it stands out. */
  linkedTo?: boolean;
}) {
  const [runsOpen, setRunsOpen] = useState(showRuns);
  const headingId = `${processAnchor(process._id)}-name`;

  return (
    <li
      id={processAnchor(process._id)}
      aria-labelledby={headingId}
      className={`scroll-mt-4 rounded-xl border bg-white p-5 shadow-sm ${linkedTo ? 'border-brand-500 ring-2 ring-brand-200' : 'border-slate-200'}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0 flex-1 basis-64">
          <h2
            id={headingId}
            className="flex flex-wrap items-center gap-2 text-base font-semibold text-slate-900"
          >
            <span className="break-words">{process.name}</span>
            {process.isActive ? null : <Badge tone="amber">Paused</Badge>}
          </h2>
          <p className="mt-1 text-sm break-words text-slate-700">
            {process.description ??
              (process.n8nWorkflowId ? (
                <>
                  <span className="text-slate-600">Workflow </span>
                  <code className="font-mono text-slate-900">{process.n8nWorkflowId}</code>
                </>
              ) : (
                <span className="text-slate-600">No description</span>
              ))}
          </p>
          <div className="mt-3">
            <LastRunLine process={process} />
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Button variant="secondary" size="sm" onClick={() => setRunsOpen(true)}>
            Recent runs
          </Button>
          {canTrigger ? (
            <RunButton process={process} />
          ) : (
            <span className="inline-flex h-9 items-center rounded-lg bg-slate-100 px-3 text-sm font-medium text-slate-600">
              Not allowed
            </span>
          )}
        </div>
      </div>
      <RunsDialog
        process={process}
        open={runsOpen}
        onClose={() => setRunsOpen(false)}
        canTrigger={canTrigger}
      />
    </li>
  );
}
