import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { formatDateTime } from '#shared/dates.ts';
import { Button } from '#web/components/button.tsx';
import { Card } from '#web/components/card.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { draftsQuery } from './legal-api.ts';
import type { LegalSuite } from './use-legal-suite.ts';

// Column one, below the library: saved drafts, newest first. Opening one puts its
// templates, values, estimate and documents back on the screen.

export function DraftsCard({ suite }: { suite: LegalSuite }) {
  const drafts = useQuery(draftsQuery());
  const headingId = useId();
  const opening = suite.openDraft.isPending ? suite.openDraft.variables : null;

  return (
    <section aria-labelledby={headingId}>
      <Card className="p-4 sm:p-5">
        <h2 id={headingId} className="text-base font-semibold text-slate-900">
          Saved drafts
        </h2>
        <div className="mt-3">
          <QueryState
            query={drafts}
            loading="Loading drafts…"
            failed="Drafts could not be loaded"
            isEmpty={(list) => list.length === 0}
            empty="No drafts yet. Generate documents, then save them as a draft."
          >
            {(list) => (
              <ul className="-mx-1 max-h-80 space-y-2 overflow-y-auto px-1 py-1">
                {list.map((draft) => {
                  const title = draft.projectName
                    ? `${draft.clientName} · ${draft.projectName}`
                    : draft.clientName;
                  return (
                    <li
                      key={draft._id}
                      className="flex items-start justify-between gap-3 rounded-lg border border-slate-200 p-3"
                    >
                      <div className="min-w-0">
                        <p className="truncate text-sm font-semibold text-slate-900">{title}</p>
                        <p className="mt-0.5 text-xs text-slate-600">
                          {draft.documentNames.join(', ')}
                        </p>
                        <p className="mt-0.5 text-xs text-slate-600">
                          <time dateTime={draft.createdAt}>{formatDateTime(draft.createdAt)}</time>
                        </p>
                      </div>
                      <Button
                        variant="secondary"
                        size="sm"
                        disabled={suite.openDraft.isPending}
                        aria-label={`Open draft ${title}`}
                        onClick={() => suite.openDraft.mutate(draft._id)}
                      >
                        {opening === draft._id ? 'Opening…' : 'Open'}
                      </Button>
                    </li>
                  );
                })}
              </ul>
            )}
          </QueryState>
        </div>
      </Card>
    </section>
  );
}
