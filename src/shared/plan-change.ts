import type { Interval } from './billing-api.ts';
import { type Plan, plans } from './user.ts';

// What changing a paid local plan costs and when it takes effect
// (docs/decisions/027-local-billing-calendar.md), for the server that invoices it and the
// portal page that says so before the click: the same numbers on both.

export interface PricedPackage {
  plan: Plan | null;
  price: number;
  interval: Interval;
}

/** A move to a lower plan, or to a package of the same plan that costs no more. */
export function isDowngrade(current: PricedPackage, next: PricedPackage): boolean {
  const tier = (pkg: PricedPackage) => (pkg.plan ? plans.indexOf(pkg.plan) : -1);
  if (tier(next) !== tier(current)) return tier(next) < tier(current);
  return next.price <= current.price;
}

/** The day the paid period began: one interval before its end, in UTC. */
export function periodStartOf(end: Date, interval: Interval): Date {
  const start = new Date(end);
  if (interval === 'year') start.setUTCFullYear(start.getUTCFullYear() - 1);
  else start.setUTCMonth(start.getUTCMonth() - 1);
  return start;
}

/** Cents of the paid period not used yet, by the share of it left; 0 when it is over. */
export function unusedCredit(current: PricedPackage, periodEnd: Date, now: Date): number {
  const whole = periodEnd.getTime() - periodStartOf(periodEnd, current.interval).getTime();
  const left = Math.min(Math.max(periodEnd.getTime() - now.getTime(), 0), whole);
  return Math.round((current.price * left) / whole);
}
