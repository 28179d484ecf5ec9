import { useMutation, useQueryClient } from '@tanstack/react-query';
import { billingStatusLabel } from '#shared/billing-format.ts';
import { Button } from '#web/components/button.tsx';
import { toast } from '#web/lib/toast.ts';
import { clientKeys } from '../shared/clients-api.ts';
import { crmCalls, crmFailureNotice, crmFailures } from '../shared/crm-tools.ts';

// The CRM/billing-apps actions for this client (SPEC §7: create contact, provision,
// sync status). Failures as SPEC §8: "Error" with "{code}: body", or a fixed text when
// the server could not be reached.

interface Action {
  label: string;
  run: (id: string) => Promise<{ title: string; text: string }>;
  failure: string;
}

const actions: Action[] = [
  {
    label: 'Create contact',
    failure: crmFailures.createContact,
    run: async (id) => {
      const { contactId } = await crmCalls.createContact(id);
      return { title: 'Contact created', text: `Contact ID ${contactId}.` };
    },
  },
  {
    label: 'Provision',
    failure: crmFailures.provision,
    run: async (id) => ({ title: 'Provisioned', text: (await crmCalls.provision(id)).message }),
  },
  {
    label: 'Sync status',
    failure: crmFailures.sync,
    run: async (id) => {
      const { status } = await crmCalls.syncStatus(id);
      return { title: 'Status synced', text: `Billing status: ${billingStatusLabel(status)}.` };
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
      void queryClient.invalidateQueries({ queryKey: clientKeys.lists });
    },
    onError: (error, action) => {
      toast({ ...crmFailureNotice(error, action.failure), tone: 'error' });
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
