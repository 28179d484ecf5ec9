import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { billingStatusLabel } from '#shared/billing-format.ts';
import { formatDate } from '#shared/dates.ts';
import { type SubscriptionStatus, subscriptionStatuses, type User } from '#shared/user.ts';
import { Button } from '#web/components/button.tsx';
import { StatusChip } from '#web/components/chips.tsx';
import { SelectField } from '#web/components/field-select.tsx';
import { ExternalIcon } from '#web/components/icons.tsx';
import { SectionCard } from '#web/components/section-card.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { ApiError } from '#web/lib/api.ts';
import { codeText, notifyFailure } from '#web/lib/failure-text.ts';
import { openInNewTab } from '#web/lib/open-in-new-tab.ts';
import { toast } from '#web/lib/toast.ts';
import { clientCalls, clientKeys, overviewQuery } from '../shared/clients-api.ts';

// Account status (SPEC §2): the subscription as billing sees it, a mock-status selector
// of the six statuses (local billing sets it directly) and the client's billing portal.

const statusOptions = subscriptionStatuses.map((value) => ({
  value,
  label: billingStatusLabel(value),
}));

export function AccountStatusCard({ client }: { client: User }) {
  const queryClient = useQueryClient();
  const overview = useQuery(overviewQuery(client._id));
  const subscription = overview.data?.subscription ?? client.subscription;
  const [status, setStatus] = useState<SubscriptionStatus>(client.subscription.status);
  const [opening, setOpening] = useState(false);

  const setMock = useMutation({
    mutationFn: (next: SubscriptionStatus) => clientCalls.mockStatus(client._id, next),
    onSuccess: (data, requested) => {
      queryClient.setQueryData(clientKeys.overview(client._id), data);
      // Keep a newer choice made while this one was saving.
      setStatus((current) => (current === requested ? data.subscription.status : current));
      void queryClient.invalidateQueries({ queryKey: clientKeys.all });
      toast({
        title: 'Status updated',
        text: `Subscription status is now ${billingStatusLabel(data.subscription.status)}.`,
        tone: 'success',
      });
    },
    onError: (error) => notifyFailure(error, { failed: 'Failed', network: 'Failed' }),
  });

  const openPortal = async () => {
    setOpening(true);
    try {
      await openInNewTab(async () => (await clientCalls.billingPortal(client._id)).url);
    } catch (error) {
      const text = error instanceof ApiError ? codeText(error) : 'Could not open billing portal';
      toast({ title: 'Failed', text, tone: 'error' });
    } finally {
      setOpening(false);
    }
  };

  return (
    <SectionCard id="status" title="Account status" description="The client's subscription.">
      <dl className="grid grid-cols-2 gap-4 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-slate-600">Status</dt>
          <dd className="mt-1 flex items-center gap-2">
            <StatusChip status={subscription.status} />
            {overview.isFetching ? <Spinner className="size-4" /> : null}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">Plan</dt>
          <dd className="mt-1 font-medium text-slate-900">{subscription.plan}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Current period ends</dt>
          <dd className="mt-1 font-medium text-slate-900">
            {subscription.currentPeriodEnd ? formatDate(subscription.currentPeriodEnd) : 'Not set'}
          </dd>
        </div>
      </dl>
      <form
        className="mt-5 flex flex-col gap-3 sm:flex-row sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          setMock.mutate(status);
        }}
      >
        <SelectField
          label="Mock status"
          options={statusOptions}
          value={status}
          onChange={(event) => setStatus(event.target.value as SubscriptionStatus)}
          disabled={setMock.isPending}
          className="min-w-0 flex-1"
        />
        <Button type="submit" variant="secondary" disabled={setMock.isPending}>
          {setMock.isPending ? 'Setting…' : 'Set status'}
        </Button>
      </form>
      <p className="mt-2 text-sm text-slate-600">
        Sets the status by hand, with no payment: for testing or correcting a record. Each change is
        in the audit log.
      </p>
      <div className="mt-5 border-t border-slate-200 pt-5">
        <Button variant="secondary" onClick={openPortal} disabled={opening}>
          {opening ? 'Opening…' : 'Open billing portal'}
          <ExternalIcon className="size-4" />
          <span className="sr-only">(opens in a new tab)</span>
        </Button>
      </div>
    </SectionCard>
  );
}
