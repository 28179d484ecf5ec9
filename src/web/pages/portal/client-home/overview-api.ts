import { queryOptions } from '@tanstack/react-query';
import { overviewApi } from '#shared/api/overview.ts';
import type { SubscriptionStatus } from '#shared/user.ts';
import type { BadgeTone } from '#web/components/badge.tsx';
import { callApi } from '#web/lib/call-api.ts';

// The figures of the client's home page and how the account's plan reads there.

export const overviewQuery = () =>
  queryOptions({
    queryKey: ['portal', 'overview'] as const,
    queryFn: ({ signal }) => callApi(overviewApi.client, {}, { signal }),
  });

/** One honest word for the subscription, and its colour. */
export const planStatus: Record<SubscriptionStatus, { label: string; tone: BadgeTone }> = {
  active: { label: 'Active', tone: 'green' },
  trialing: { label: 'Trial', tone: 'blue' },
  past_due: { label: 'Payment overdue', tone: 'red' },
  incomplete: { label: 'Waiting for payment', tone: 'amber' },
  canceled: { label: 'Cancelled', tone: 'slate' },
  no_subscription: { label: 'No paid plan yet', tone: 'amber' },
};
