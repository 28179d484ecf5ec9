import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProvisionResult, SyncStatus } from '#shared/billing-api.ts';
import { Button } from '#web/components/button.tsx';
import { ApiError, api } from '#web/lib/api.ts';
import { toast } from '#web/lib/toast.ts';
import { codeText } from '../request-notices.ts';
import { statusLabel } from './client-format.ts';
import { clientKeys } from './clients-api.ts';

// The CRM/billing-apps actions for this client (SPEC §7: create contact, provision,
// sync status). Failures as SPEC §8: "Error" with "{code}: body", or a fixed text when
// the server could not be reached.

interface Action {
  label: string;
  run: (id: string) => Promise<{ title: string; text: string }>;
  failure: string;
}

const enc = encodeURIComponent;

const actions: Action[] = [
  {
    label: 'Create contact',
    failure: 'Error creating contact',
    run: async (id) => {
      const { contactId } = await api.post<{ contactId: string }>(
        `/api/zoho/create-contact/${enc(id)}`,
        {},
      );
      return { title: 'Contact created', text: `Contact ID ${contactId}.` };
    },
  },
  {
    label: 'Provision',
    failure: 'Provision failed',
    run: async (id) => {
      const result = await api.post<ProvisionResult>(`/api/zoho/provision/${enc(id)}`, {});
      return { title: 'Provisioned', text: result.message };
    },
  },
  {
    label: 'Sync status',
    failure: 'Sync failed',
    run: async (id) => {
      const { status } = await api.post<SyncStatus>(`/api/zoho/sync-status/${enc(id)}`, {});
      return { title: 'Status synced', text: `Billing status: ${statusLabel(status)}.` };
    },
  },
];

export function CrmActions({ clientId }: { clientId: string }) {
  const queryClient = useQueryClient();
  const run = useMutation({
    mutationFn: (action: Action) => action.run(clientId),
    onSuccess: (notice) => {
      toast({ ...notice, tone: 'success' });
      // The actions fill in ids and may change the subscription.
      void queryClient.invalidateQueries({ queryKey: clientKeys.one(clientId) });
      void queryClient.invalidateQueries({ queryKey: clientKeys.overview(clientId) });
      void queryClient.invalidateQueries({ queryKey: clientKeys.all, exact: true });
    },
    onError: (error, action) => {
      const text = error instanceof ApiError ? codeText(error) : action.failure;
      toast({ title: 'Error', text, tone: 'error' });
    },
  });

  return (
    <div>
      <h3 className="text-sm font-semibold text-slate-900">Actions</h3>
      <div className="mt-3 flex flex-wrap gap-2">
        {actions.map((action) => (
          <Button
            key={action.label}
            variant="secondary"
            size="sm"
            disabled={run.isPending}
            onClick={() => run.mutate(action)}
          >
            {run.isPending && run.variables === action ? 'Working…' : action.label}
          </Button>
        ))}
      </div>
    </div>
  );
}
