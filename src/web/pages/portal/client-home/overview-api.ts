import { queryOptions } from '@tanstack/react-query';
import type { ClientOverview } from '#shared/overview.ts';
import type { SubscriptionStatus } from '#shared/user.ts';
import type { BadgeTone } from '#web/components/badge.tsx';
import { api } from '#web/lib/api.ts';

// GET /api/client/overview (issue 19) and how the account's plan reads on the overview.

export const overviewQuery = () =>
  queryOptions({
    queryKey: ['portal', 'overview'] as const,
    queryFn: ({ signal }) => api.get<ClientOverview>('/api/client/overview', { signal }),
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
