import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { displayName } from '#shared/display-name.ts';
import { Card } from '#web/components/card.tsx';
import { StatusChip } from '#web/components/chips.tsx';
import { TextField } from '#web/components/field.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { matchCount, type Page } from '#web/lib/api.ts';
import { useSettled } from '#web/lib/use-settled.ts';
import { matchesClient } from '../shared/client-format.ts';
import { clientsQuery } from '../shared/clients-api.ts';

// The client picker (SPEC §2 CRM/billing-apps tools): a search box over every account
// (GET /api/admin/clients) and one radio per match, so the keyboard and screen readers
// get a plain single choice.

const accounts = (page: Page<unknown>) =>
  `${matchCount(page)} account${page.total === 1 && !page.capped ? '' : 's'}`;

export function ClientPicker({
  selectedId,
  onSelect,
}: {
  selectedId: string | null;
  onSelect: (id: string) => void;
}) {
  const [search, setSearch] = useState('');
  // The server searches every account once typing pauses; the page narrows at once.
  const clients = useQuery(clientsQuery({ q: useSettled(search), exclude: 'Admin' }));
  const headingId = useId();

  return (
    <section aria-labelledby={headingId}>
      <Card className="p-4 sm:p-5">
        <h2 id={headingId} className="text-base font-semibold text-slate-900">
          Client
        </h2>
        <TextField
          label="Search clients"
          type="search"
          placeholder="Name, email or company"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          className="mt-3"
        />
        <div className="mt-4">
          <QueryState
            query={clients}
            loading="Loading clients…"
            failed="Clients could not be loaded"
            isEmpty={(page) => page.total === 0 && !search.trim()}
            empty="No accounts yet."
          >
            {(page) => {
              const list = page.rows;
              const shown = list.filter((client) => matchesClient(client, search));
              return (
                // min-w-0: a fieldset is as wide as its longest name by default, and a long
                // one pushed the page sideways on a phone.
                <fieldset className="min-w-0">
                  <legend className="sr-only">Choose a client</legend>
                  <p className="mb-2 text-xs text-slate-600" aria-live="polite">
                    {search.trim() ? `${shown.length} of ${accounts(page)}` : accounts(page)}
                  </p>
                  {shown.length === 0 ? (
                    <p className="rounded-lg bg-slate-50 px-3 py-4 text-center text-sm text-slate-600">
                      No accounts match “{search.trim()}”.
                    </p>
                  ) : (
                    <ul className="-mx-1 max-h-72 space-y-1.5 overflow-y-auto px-1 py-1 lg:max-h-[28rem]">
                      {shown.map((client) => {
                        const checked = client._id === selectedId;
                        return (
                          <li key={client._id}>
                            <label
                              className={`flex cursor-pointer items-start gap-3 rounded-lg border p-3 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-700 ${
                                checked
                                  ? 'border-brand-300 bg-brand-50'
                                  : 'border-slate-200 hover:border-slate-300 hover:bg-slate-50'
                              }`}
                            >
                              <input
                                type="radio"
                                name="crm-client"
                                value={client._id}
                                checked={checked}
                                onChange={() => onSelect(client._id)}
                                className="mt-1 size-4 shrink-0 accent-brand-700"
                              />
                              <span className="min-w-0 flex-1">
                                <span className="block truncate text-sm font-semibold text-slate-900">
                                  {displayName(client)}
                                </span>
                                <span className="block truncate text-xs text-slate-600">
                                  {client.email}
                                </span>
                                <span className="mt-1.5 flex flex-wrap items-center gap-1.5 text-xs text-slate-600">
                                  <StatusChip status={client.subscription.status} />
                                  {client.companyName ? (
                                    <span className="truncate">{client.companyName}</span>
                                  ) : null}
                                </span>
                              </span>
                            </label>
                          </li>
                        );
                      })}
                    </ul>
                  )}
                </fieldset>
              );
            }}
          </QueryState>
        </div>
      </Card>
    </section>
  );
}
