import { describe, expect, it } from 'vitest';
import { capabilitiesOf, ownerCapabilities } from './plans.ts';

const off = {
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

describe('capabilitiesOf: the plan table of SPEC §6', () => {
  it('gives nothing without plan data', () => {
    expect(capabilitiesOf(undefined)).toEqual(off);
    expect(capabilitiesOf({})).toEqual(off);
    expect(capabilitiesOf({ subscription: null })).toEqual(off);
  });

  it('Trial: scheduling off, 60 min, 7 days, nothing enabled', () => {
    expect(capabilitiesOf({ subscription: { plan: 'Trial' } })).toEqual(off);
  });

  it('Basic: scheduling on, 15 min, 7 days, catalog access', () => {
    expect(capabilitiesOf({ subscription: { plan: 'Basic' } })).toEqual({
      ...off,
      canSchedule: true,
      scheduleMinIntervalMinutes: 15,
      hasCatalogAccess: true,
    });
  });

  it('Pro: scheduling on, 5 min, 30 days, CSV, notifications, team seats, catalog', () => {
    expect(capabilitiesOf({ subscription: { plan: 'Pro' } })).toEqual({
      ...off,
      canSchedule: true,
      scheduleMinIntervalMinutes: 5,
      logsRetentionDays: 30,
      canExportCSV: true,
      hasNotifications: true,
      hasTeamSeats: true,
      hasCatalogAccess: true,
    });
  });

  it('Basic and Pro do not by themselves allow manual trigger or analytics', () => {
    for (const plan of ['Basic', 'Pro'] as const) {
      const caps = capabilitiesOf({ subscription: { plan } });
      expect(caps.manualTriggerAllowed).toBe(false);
      expect(caps.hasAnalyticsAccess).toBe(false);
    }
  });
});

describe('capabilitiesOf: entitlement overrides of SPEC §4', () => {
  it.each([
    ['manualTrigger', 'manualTriggerAllowed'],
    ['scheduler', 'canSchedule'],
    ['catalog', 'hasCatalogAccess'],
    ['team', 'hasTeamSeats'],
    ['analytics', 'hasAnalyticsAccess'],
  ] as const)('%s: true grants %s on Trial', (entitlement, capability) => {
    expect(
      capabilitiesOf({ subscription: { plan: 'Trial' }, entitlements: { [entitlement]: true } })[
        capability
      ],
    ).toBe(true);
  });

  it.each([
    ['scheduler', 'canSchedule'],
    ['catalog', 'hasCatalogAccess'],
    ['team', 'hasTeamSeats'],
  ] as const)('%s: false takes %s away from Pro', (entitlement, capability) => {
    expect(
      capabilitiesOf({ subscription: { plan: 'Pro' }, entitlements: { [entitlement]: false } })[
        capability
      ],
    ).toBe(false);
  });

  it('an override leaves the plan limits alone', () => {
    const caps = capabilitiesOf({
      subscription: { plan: 'Trial' },
      entitlements: { scheduler: true },
    });
    expect(caps.scheduleMinIntervalMinutes).toBe(60);
    expect(caps.logsRetentionDays).toBe(7);
  });

  it('tickets changes no capability', () => {
    expect(
      capabilitiesOf({ subscription: { plan: 'Trial' }, entitlements: { tickets: true } }),
    ).toEqual(off);
  });
});

describe("ownerCapabilities: an account's capabilities from its owner's stored record", () => {
  it('reads the stored plan and entitlements as capabilitiesOf does', () => {
    expect(
      ownerCapabilities({ subscriptionPlan: 'Pro', entitlements: { scheduler: false } }),
    ).toEqual(
      capabilitiesOf({ subscription: { plan: 'Pro' }, entitlements: { scheduler: false } }),
    );
    expect(ownerCapabilities({ subscriptionPlan: 'Basic', entitlements: {} }).canSchedule).toBe(
      true,
    );
  });

  it('gives nothing without an owner', () => {
    expect(ownerCapabilities(undefined)).toEqual(off);
    expect(ownerCapabilities(null)).toEqual(off);
  });
});
