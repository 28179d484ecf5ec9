import type { SubscriptionStatus } from './user.ts';

/** Trigger and schedule creation need a running subscription (SPEC §4: 402 otherwise). */
export const isSubscriptionRunning = (status: SubscriptionStatus | null | undefined) =>
  status === 'active' || status === 'trialing';

export const billingMessages = {
  inactiveTitle: 'Please update billing',
  inactive: 'Your subscription is inactive. Redirecting to Billing…',
  inactiveServer: 'Your subscription is inactive. Update billing to run workflows.',
} as const;

/** Cents from the server shown as dollars with two decimals (SPEC §9). */
export const formatCents = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
