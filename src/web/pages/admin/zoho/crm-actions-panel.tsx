import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { billingStatusLabel } from '#shared/billing-format.ts';
import { formatDate, formatTimeWithSeconds } from '#shared/dates.ts';
import type { User } from '#shared/user.ts';
import { Badge } from '#web/components/badge.tsx';
import { Button } from '#web/components/button.tsx';
import { SectionCard } from '#web/components/section-card.tsx';
import { toast } from '#web/lib/toast.ts';
import { isLocalId } from '../shared/client-format.ts';
import { clientKeys } from '../shared/clients-api.ts';
import { crmCalls, crmFailureNotice, crmFailures, crmMessages } from '../shared/crm-tools.ts';

// The three CRM/billing-apps actions (SPEC §7: create contact, provision, sync status).
// Each answer is shown as a notice and kept in a short log beside the buttons, so the
// admin can read what happened after the notice is gone. With the default "local"
// billing provider the ids are made up by this product; the log says so plainly.

interface Outcome {
  title: string;
  text: string;
  /** Set when the answer came from local billing rather than Zoho. */
  local: boolean;
}

interface Action {
  key: 'createContact' | 'provision' | 'sync';
  label: string;
  run: (id: string) => Promise<Outcome>;
}

const actions: Action[] = [
  {
    key: 'createContact',
    label: 'Create contact',
    run: async (id) => {
      const { contactId } = await crmCalls.createContact(id);
      return {
        title: 'Contact created',
        text: `Contact ID ${contactId}.`,
        local: isLocalId(contactId),
      };
    },
  },
  {
    key: 'provision',
    label: 'Provision',
    run: async (id) => {
      const result = await crmCalls.provision(id);
      const ids = [
        `customer ${result.customerId || 'none'}`,
        result.subscriptionId ? `subscription ${result.subscriptionId}` : null,
      ].filter(Boolean);
      return {
        title: 'Provisioned',
        text: `${result.message} Billing ${ids.join(', ')}.`,
        local: isLocalId(result.customerId),
      };
    },
  },
  {
    key: 'sync',
    label: 'Sync status',
    run: async (id) => {
      const { status, subscription } = await crmCalls.syncStatus(id);
      return {
        title: 'Status synced',
        text: `Billing status: ${billingStatusLabel(status)} (subscription: ${billingStatusLabel(subscription.status)}, plan ${subscription.plan}${periodEnd(subscription.currentPeriodEnd)}).`,
        local: false,
      };
    },
  },
];

const periodEnd = (iso: string | null) => (iso ? `, period ends ${formatDate(iso)}` : '');

interface LogEntry extends Outcome {
  id: number;
  action: string;
  ok: boolean;
  at: Date;
}

let nextEntry = 1;

/**
 * `loading`: a client is chosen and still on its way; the actions wait for it rather than
 * say that none is chosen.
 */
export function CrmActionsPanel({ client, loading }: { client: User | null; loading: boolean }) {
  const queryClient = useQueryClient();
  const [log, setLog] = useState<LogEntry[]>([]);
  const record = (entry: Omit<LogEntry, 'id' | 'at'>) =>
    setLog((current) => [{ ...entry, id: nextEntry++, at: new Date() }, ...current].slice(0, 6));

  const run = useMutation({
    mutationFn: ({ action, id }: { action: Action; id: string }) => action.run(id),
    onSuccess: (outcome, { action, id }) => {
      toast({ title: outcome.title, text: outcome.text, tone: 'success' });
      record({ ...outcome, action: action.label, ok: true });
      // The actions fill in ids and may change the subscription.
      void queryClient.invalidateQueries({ queryKey: clientKeys.one(id) });
      void queryClient.invalidateQueries({ queryKey: clientKeys.lists });
    },
    onError: (error, { action }) => {
      const notice = crmFailureNotice(error, crmFailures[action.key]);
      toast({ ...notice, tone: 'error' });
      record({ ...notice, action: action.label, ok: false, local: false });
    },
  });

  const start = (action: Action) => {
    if (!client) {
      toast({ title: crmMessages.selectClientTitle, text: crmMessages.selectClient });
      return;
    }
    run.mutate({ action, id: client._id });
  };

  return (
    <SectionCard
      id="crm-actions"
      title="Actions"
      description="Create the CRM contact, provision the billing customer, or bring the subscription status in step."
    >
      <div className="flex flex-wrap gap-2">
        {actions.map((action) => (
          <Button
            key={action.key}
            variant="secondary"
            size="sm"
            disabled={run.isPending || loading}
            onClick={() => start(action)}
          >
            {run.isPending && run.variables?.action === action ? 'Working…' : action.label}
          </Button>
        ))}
      </div>
      {log.length > 0 ? (
        <div className="mt-5 border-t border-slate-200 pt-4">
          <h3 className="text-sm font-semibold text-slate-900">Results</h3>
          {log.some((entry) => entry.local) ? (
            <p className="mt-1 text-xs text-slate-600">
              Billing runs on the built-in local provider: ids marked Local billing were made and
              stored by this product only, and no Zoho record exists for them.
            </p>
          ) : null}
          <ol aria-label="Action results" className="mt-3 space-y-2">
            {log.map((entry) => (
              <li
                key={entry.id}
                className={`rounded-lg border px-3 py-2 text-sm ${
                  entry.ok ? 'border-slate-200 bg-slate-50' : 'border-red-200 bg-red-50'
                }`}
              >
                <p className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold text-slate-900">{entry.action}</span>
                  <Badge tone={entry.ok ? 'green' : 'red'}>{entry.ok ? 'Done' : 'Failed'}</Badge>
                  {entry.local ? <Badge tone="slate">Local billing</Badge> : null}
                </p>
                <p className="mt-1 break-words text-slate-700">
                  {entry.ok ? entry.text : `${entry.title}: ${entry.text}`}
                </p>
                <p className="mt-1 text-xs text-slate-600 tabular-nums">
                  <time dateTime={entry.at.toISOString()}>{formatTimeWithSeconds(entry.at)}</time>
                </p>
              </li>
            ))}
          </ol>
        </div>
      ) : null}
    </SectionCard>
  );
}
