import type { Capabilities } from './account.ts';
import type { Entitlements, Plan } from './user.ts';

// What a user may do, from their plan and per-user entitlements (SPEC §3, §4, §6).
// Entitlements override manual trigger, scheduler, catalog and team; analytics comes
// only from its entitlement. Browser and server both decide with this one function.

const NOTHING: Capabilities = {
  canSchedule: false,
  scheduleMinIntervalMinutes: 60,
  logsRetentionDays: 7,
  canExportCSV: false,
  hasNotifications: false,
  hasTeamSeats: false,
  hasCatalogAccess: false,
  manualTriggerAllowed: false,
  hasAnalyticsAccess: false,
};

export const planCapabilities: Record<Plan, Capabilities> = {
  Trial: NOTHING,
  Basic: { ...NOTHING, canSchedule: true, scheduleMinIntervalMinutes: 15, hasCatalogAccess: true },
  Pro: {
    ...NOTHING,
    canSchedule: true,
    scheduleMinIntervalMinutes: 5,
    logsRetentionDays: 30,
    canExportCSV: true,
    hasNotifications: true,
    hasTeamSeats: true,
    hasCatalogAccess: true,
  },
};

export interface CapabilitySource {
  subscription?: { plan?: Plan | null } | null;
  entitlements?: Entitlements | null;
}

export function capabilitiesOf(user: CapabilitySource | null | undefined): Capabilities {
  const plan = user?.subscription?.plan;
  const base = plan && plan in planCapabilities ? planCapabilities[plan] : NOTHING;
  const e = user?.entitlements ?? {};
  const pick = (override: boolean | undefined, fallback: boolean) =>
    typeof override === 'boolean' ? override : fallback;
  return {
    ...base,
    manualTriggerAllowed: pick(e.manualTrigger, base.manualTriggerAllowed),
    canSchedule: pick(e.scheduler, base.canSchedule),
    hasCatalogAccess: pick(e.catalog, base.hasCatalogAccess),
    hasTeamSeats: pick(e.team, base.hasTeamSeats),
    hasAnalyticsAccess: e.analytics === true,
  };
}

/** An account owner's record as the server stores it: the plan and entitlements. */
export interface CapabilityOwner {
  subscriptionPlan?: Plan | null;
  entitlements?: Entitlements | null;
}

/** What an account may do: its owner's plan and entitlements (team members included). */
export const ownerCapabilities = (owner: CapabilityOwner | null | undefined): Capabilities =>
  capabilitiesOf(
    owner && { subscription: { plan: owner.subscriptionPlan }, entitlements: owner.entitlements },
  );
