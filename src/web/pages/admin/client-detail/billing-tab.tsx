import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { billingStatusLabel } from '#shared/billing-format.ts';
import {
  billingStateOf,
  billingStateWords,
  noPlanText,
  planShown,
} from '#shared/billing-states.ts';
import { BillingPrefsInputSchema } from '#shared/clients.ts';
import { formatDate } from '#shared/dates.ts';
import {
  PlanSchema,
  plans,
  type SubscriptionStatus,
  SubscriptionStatusSchema,
  subscriptionStatuses,
  type User,
} from '#shared/user.ts';
import { BillingStateBadge } from '#web/components/billing-state-badge.tsx';
import { Button } from '#web/components/button.tsx';
import { TextField } from '#web/components/field.tsx';
import { SelectField } from '#web/components/field-select.tsx';
import { FormFooter, SectionCard } from '#web/components/section-card.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import type { Notice } from '#web/lib/failure-text.ts';
import { useApiForm } from '#web/lib/use-api-form.ts';
import { dollarsFromCents } from '../shared/client-format.ts';
import { clientCalls, clientKeys, overviewQuery, useClientChange } from '../shared/clients-api.ts';
import { BillingPortalButton } from './billing-portal-button.tsx';
import { EndPlanButton, useLocalBilling } from './end-plan-button.tsx';
import { InvoiceDetailsCard } from './invoice-details-card.tsx';
import { adminInvoicesQuery } from './invoices-api.ts';
import { InvoicesCard } from './invoices-card.tsx';
import { sendInOrder } from './send-in-order.ts';

// The Plan & billing tab: the subscription as billing sees it, then one form for the plan,
// the status set by hand (SPEC §2 mock status: local billing sets it directly) and the
// billing presets (SPEC §7: the rate in dollars, kept in cents), then the invoices.

const blankToNull = (value: unknown) =>
  typeof value === 'string' ? (value.trim() === '' ? null : Number(value)) : value;

const PlanBillingSchema = z.object({
  plan: PlanSchema,
  status: SubscriptionStatusSchema,
  hourlyRateDollars: z.preprocess(blankToNull, BillingPrefsInputSchema.shape.hourlyRateDollars),
  defaultDueDays: z.preprocess(blankToNull, BillingPrefsInputSchema.shape.defaultDueDays),
  defaultPriceId: BillingPrefsInputSchema.shape.defaultPriceId,
});
type PlanBillingInput = z.input<typeof PlanBillingSchema>;
type PlanBilling = z.output<typeof PlanBillingSchema>;

const fields = ['plan', 'status', 'hourlyRateDollars', 'defaultDueDays', 'defaultPriceId'] as const;
const planOptions = plans.map((value) => ({ value, label: value }));
// Two statuses read "Pending" (SPEC §4): the option says which, and the status code.
const pendingWhy: Partial<Record<SubscriptionStatus, string>> = {
  incomplete: 'invoice open',
  no_subscription: 'no plan',
};
const statusOptions = subscriptionStatuses.map((value) => {
  const { label } = billingStateWords[billingStateOf({ subscriptionStatus: value })];
  return {
    value,
    label: `${label}${pendingWhy[value] ? `: ${pendingWhy[value]}` : ''} (${value})`,
  };
});

function Summary({ client }: { client: User }) {
  const overview = useQuery(overviewQuery(client._id));
  const subscription = overview.data?.subscription ?? client.subscription;
  // Local billing names its zone with the invoices (the card below reads the same answer);
  // another provider's dates stay in the reader's zone.
  const zone = useQuery(adminInvoicesQuery(client._id)).data?.billingTimeZone;
  const state = billingStateOf({ role: client.role, subscriptionStatus: subscription.status });
  return (
    <div>
      <dl className="grid grid-cols-2 gap-4 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-slate-600">Status</dt>
          <dd className="mt-1 flex items-center gap-2">
            <BillingStateBadge state={state} />
            {overview.isFetching ? <Spinner className="size-4" /> : null}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">Plan</dt>
          <dd className="mt-1 font-medium text-slate-900">
            {planShown(state, subscription.plan) ?? noPlanText}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">Current period ends</dt>
          <dd className="mt-1 font-medium text-slate-900">
            {subscription.currentPeriodEnd
              ? formatDate(subscription.currentPeriodEnd, zone)
              : 'Not set'}
          </dd>
        </div>
      </dl>
      <p className="mt-3 text-sm text-slate-600">{billingStateWords[state].explanation}</p>
    </div>
  );
}

function PlanBillingForm({ client }: { client: User }) {
  const queryClient = useQueryClient();
  const { billingPrefs } = client;
  const save = useClientChange(client._id, sendInOrder);
  const { form, onSubmit, alert, errors, isSubmitting } = useApiForm<PlanBillingInput, PlanBilling>(
    {
      resolver: zodResolver(PlanBillingSchema),
      fields,
      defaultValues: {
        plan: client.subscription.plan,
        status: client.subscription.status,
        hourlyRateDollars: dollarsFromCents(billingPrefs.hourlyRateCents),
        defaultDueDays: billingPrefs.defaultDueDays?.toString() ?? '',
        defaultPriceId: billingPrefs.defaultPriceId ?? '',
      },
      submit: async ({ plan, status, ...prefs }): Promise<Notice> => {
        const dirty = form.formState.dirtyFields;
        const prefsChanged = Boolean(
          dirty.hourlyRateDollars || dirty.defaultDueDays || dirty.defaultPriceId,
        );
        const saved = await save.mutateAsync([
          Boolean(dirty.plan || prefsChanged) &&
            (() =>
              clientCalls.update(client._id, {
                ...(dirty.plan && { plan }),
                ...(prefsChanged && { billingPrefs: prefs }),
              })),
          Boolean(dirty.status) &&
            (async () => {
              const overview = await clientCalls.mockStatus(client._id, status);
              queryClient.setQueryData(clientKeys.overview(client._id), overview);
              return clientCalls.get(client._id);
            }),
        ]);
        // The summary above reads billing's own answer: a new plan shows there too.
        if (dirty.plan)
          void queryClient.invalidateQueries({ queryKey: clientKeys.overview(client._id) });
        const now = billingStatusLabel(saved.subscription.status);
        return {
          title: 'Saved',
          text: dirty.status ? `Subscription status is now ${now}.` : 'Plan and billing updated.',
        };
      },
    },
  );
  const { register } = form;

  return (
    <form onSubmit={onSubmit} noValidate className="mt-6 border-t border-slate-200 pt-6">
      <fieldset disabled={isSubmitting} className="grid min-w-0 grid-cols-1 gap-4 sm:grid-cols-2">
        <SelectField
          label="Plan"
          hint="Decides the features the client gets, unless Entitlements switches one on or off."
          options={planOptions}
          error={errors.plan?.message}
          {...register('plan')}
        />
        <SelectField
          label="Status, set by hand"
          hint="Changes the status without a payment: for testing or correcting a record. Each change is in the audit log."
          options={statusOptions}
          error={errors.status?.message}
          {...register('status')}
        />
        <TextField
          label="Hourly rate (USD)"
          hint="Used when you bill hours."
          type="number"
          inputMode="decimal"
          min={0}
          step="0.01"
          optional
          error={errors.hourlyRateDollars?.message}
          {...register('hourlyRateDollars')}
        />
        <TextField
          label="Days to pay an invoice"
          hint="When empty, the consultancy's usual term applies."
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          optional
          error={errors.defaultDueDays?.message}
          {...register('defaultDueDays')}
        />
        <TextField
          label="Usual price ID"
          hint="The billing provider's price this client is usually billed at, kept for reference."
          optional
          autoComplete="off"
          spellCheck={false}
          error={errors.defaultPriceId?.message}
          {...register('defaultPriceId')}
        />
      </fieldset>
      <FormFooter alert={alert}>
        <Button type="submit" disabled={isSubmitting || !form.formState.isDirty}>
          {isSubmitting ? 'Saving…' : 'Save plan and billing'}
        </Button>
      </FormFooter>
    </form>
  );
}

export function BillingTab({ client, formKey }: { client: User; formKey: string }) {
  const local = useLocalBilling(client._id);
  return (
    <div className="space-y-6">
      <SectionCard
        id="plan-billing"
        title="Plan and billing"
        description="The client's subscription, and how they are billed."
      >
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div className="min-w-0 grow">
            <Summary client={client} />
          </div>
          <div className="flex flex-wrap gap-2">
            <EndPlanButton client={client} />
            <BillingPortalButton clientId={client._id} />
          </div>
        </div>
        <PlanBillingForm key={formKey} client={client} />
      </SectionCard>
      <InvoicesCard client={client} />
      {local ? <InvoiceDetailsCard clientId={client._id} /> : null}
    </div>
  );
}
