import { formatCents } from './billing.ts';
import type { Invoice, Package } from './billing-api.ts';
import { invoiceStateWords, type StateTone, wordsOfStatus } from './billing-states.ts';
import { planCapabilities } from './plans.ts';
import type { BillingStatus, Plan } from './user.ts';

// How billing reads to people, shared by the Billing screen and the token pages (SPEC §4,
// §9). Pure, so it is unit-tested.

/**
 * "past_due" → "Past due" (SPEC §4). A status the vocabulary knows (billing-states.ts) reads
 * as its state there, so a subscription status "incomplete" is "Pending" on every screen
 * and an invoice's "unpaid" is "Unpaid"; anything else is capitalised with underscores
 * as spaces.
 */
export function billingStatusLabel(status: string): string {
  const known = wordsOfStatus(status)?.label;
  if (known) return known;
  const words = status.replaceAll('_', ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : 'Unknown';
}

type Tone = StateTone;

/** Admin list chips (SPEC §4): active green, trialing blue, every other status amber. */
export function subscriptionChipTone(status: string): Extract<Tone, 'green' | 'blue' | 'amber'> {
  if (status === 'active') return 'green';
  if (status === 'trialing') return 'blue';
  return 'amber';
}

/** A billing status's badge colour: its state's in the vocabulary. */
export const billingStatusTone = (status: BillingStatus): Tone =>
  wordsOfStatus(status)?.tone ?? 'slate';

export const invoiceStatusTones: Record<Invoice['status'], Tone> = {
  paid: invoiceStateWords.paid.tone,
  unpaid: invoiceStateWords.unpaid.tone,
  void: invoiceStateWords.void.tone,
};

/** "$29.00 / month" */
export const priceText = (pkg: Pick<Package, 'price' | 'interval'>) =>
  `${formatCents(pkg.price)} / ${pkg.interval}`;

/** "Billed monthly" or "Billed yearly". */
export const billedText = (interval: Package['interval']) =>
  interval === 'year' ? 'Billed yearly' : 'Billed monthly';

/**
 * What a plan includes, in words, read from the capabilities the product enforces
 * (shared/plans.ts), so a package never sells what the plan does not do.
 */
export function planIncludes(plan: Plan): string[] {
  const caps = planCapabilities[plan];
  return [
    caps.canSchedule
      ? `Schedules as often as every ${caps.scheduleMinIntervalMinutes} minutes`
      : null,
    caps.hasCatalogAccess ? 'Workflows from the catalog on request' : null,
    `Run history kept ${caps.logsRetentionDays} days`,
    caps.hasTeamSeats ? 'Team seats for your colleagues' : null,
    caps.canExportCSV ? 'CSV export of your runs' : null,
    caps.hasNotifications ? 'Failure alerts by e-mail or webhook' : null,
  ].filter((line): line is string => line !== null);
}

/** The package to point people to: the monthly one of the fullest plan on sale. */
export function recommendedPackageId(packages: Pick<Package, 'id' | 'plan' | 'interval'>[]) {
  return (
    packages.find((p) => p.plan === 'Pro' && p.interval === 'month') ??
    packages.find((p) => p.plan === 'Pro')
  )?.id;
}
