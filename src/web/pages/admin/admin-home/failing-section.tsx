import { Link } from 'react-router';
import { runsScreenPath } from '#shared/admin-runs.ts';
import type { FailingProcess } from '#shared/attention.ts';
import { formatDateTime } from '#shared/dates.ts';
import { Badge } from '#web/components/badge.tsx';
import { SectionFrame } from './item-section.tsx';
import { inARowText, sectionTitles, seeAllText } from './today-text.ts';

// Processes failing, one row per process: its name opens its failures on the Runs screen,
// its client opens the client; the last error as n8n (or the call) gave it.

function FailingRow({ process }: { process: FailingProcess }) {
  return (
    <li className="py-4">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <Link
            to={process.runsHref}
            className="text-base font-semibold break-words text-brand-700 hover:text-brand-800 hover:underline"
          >
            {process.processName}
          </Link>
          <p className="mt-0.5 text-sm text-slate-600">
            <Link to={process.clientHref} className="break-words hover:underline">
              {process.clientName}
            </Link>
          </p>
        </div>
        <Badge tone="red">{inARowText(process.failuresInARow)}</Badge>
      </div>
      {process.lastError ? (
        // The clamp sits inside the padding, so a cut line never shows in it.
        <div className="mt-2 rounded-md bg-red-50 px-3 py-2">
          <p
            className="line-clamp-4 font-mono text-xs break-words whitespace-pre-wrap text-red-900"
            title={process.lastError}
          >
            {process.lastError}
          </p>
        </div>
      ) : null}
      <p className="mt-2 text-xs text-slate-500">
        {process.lastFailureAt ? (
          <>
            Last failed{' '}
            <time dateTime={process.lastFailureAt}>{formatDateTime(process.lastFailureAt)}</time>
          </>
        ) : null}
        {process.failingSince && process.failuresInARow > 1 ? (
          <>
            {' · '}failing since{' '}
            <time dateTime={process.failingSince}>{formatDateTime(process.failingSince)}</time>
          </>
        ) : null}
      </p>
    </li>
  );
}

export function FailingSection({
  section,
}: {
  section: { total: number; items: FailingProcess[] };
}) {
  return (
    <SectionFrame
      id="failing"
      title={sectionTitles.failing}
      total={section.total}
      shown={section.items.length}
      seeAll={{ to: `${runsScreenPath}?outcome=failed`, text: seeAllText.failing }}
    >
      {section.items.map((process) => (
        <FailingRow key={process.processId} process={process} />
      ))}
    </SectionFrame>
  );
}
