import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { displayName } from '#shared/display-name.ts';
import { Button } from '#web/components/button.tsx';
import { SelectField } from '#web/components/field-select.tsx';
import { PageHeader } from '#web/components/page-header.tsx';
import { Pager } from '#web/components/pager.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { pageMeta } from '#web/lib/meta.ts';
import { CreateProcessDialog } from './processes/create-process-dialog.tsx';
import { ProcessItem } from './processes/process-item.tsx';
import { PROCESS_PAGE_SIZE, processesQuery } from './processes/processes-api.ts';
import { clientsQuery } from './shared/clients-api.ts';

const title = 'Processes';
const description =
  'Create processes, connect them to workflow webhooks, test them, pause or activate them.';

export const meta = () => pageMeta(title, description);

export default function AdminProcessesPage() {
  const [clientFilter, setClientFilter] = useState('');
  const [offset, setOffset] = useState(0);
  const [creating, setCreating] = useState(false);
  // The client filter and the pages are the server's (issue 18).
  const processes = useQuery(processesQuery({ clientUserId: clientFilter, offset }));
  const clients = useQuery(clientsQuery({ exclude: 'Admin' }));

  const clientOptions = (clients.data?.rows ?? [])
    .map((client) => ({
      value: client._id,
      label: client.name.trim() ? `${client.name} (${client.email})` : client.email,
    }))
    .sort((a, b) => a.label.localeCompare(b.label));
  const names = new Map(
    (clients.data?.rows ?? []).map((client) => [client._id, displayName(client)]),
  );
  const shown = processes.data?.rows ?? [];

  return (
    <>
      <PageHeader
        title={title}
        description={description}
        actions={<Button onClick={() => setCreating(true)}>New process</Button>}
      />
      {creating ? (
        <CreateProcessDialog clientOptions={clientOptions} onClose={() => setCreating(false)} />
      ) : null}
      <div className="space-y-10">
        <section aria-labelledby="all-processes-heading">
          <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
            <h2 id="all-processes-heading" className="text-xl font-semibold text-slate-900">
              All processes
            </h2>
            {processes.data && (processes.data.total > 0 || clientFilter) ? (
              <SelectField
                label="Show processes of"
                placeholder="All clients"
                options={clientOptions}
                value={clientFilter}
                onChange={(event) => {
                  setClientFilter(event.target.value);
                  setOffset(0);
                }}
                className="w-full sm:w-72"
              />
            ) : null}
          </div>
          <QueryState
            query={processes}
            loading="Loading processes…"
            failed="Processes could not be loaded"
            isEmpty={() => shown.length === 0}
            empty={
              clientFilter
                ? 'This client has no processes yet.'
                : 'No processes yet. Create the first one with New process.'
            }
          >
            {(page) => (
              <div className="space-y-4">
                <ul className="space-y-4">
                  {shown.map((process) => (
                    <ProcessItem
                      key={process._id}
                      process={process}
                      clientName={
                        process.clientName ?? names.get(process.clientUserId) ?? 'Unknown client'
                      }
                      clientOptions={clientOptions}
                    />
                  ))}
                </ul>
                <Pager
                  offset={offset}
                  limit={PROCESS_PAGE_SIZE}
                  total={page.total}
                  label="processes"
                  busy={processes.isPlaceholderData}
                  onChange={setOffset}
                />
              </div>
            )}
          </QueryState>
        </section>
      </div>
    </>
  );
}
