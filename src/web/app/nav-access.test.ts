import { describe, expect, it } from 'vitest';
import type { Entitlements, Plan, User } from '#shared/user.ts';
import { navAccess } from './nav-access.ts';

const user = (plan: Plan, entitlements: Entitlements = {}) =>
  ({ subscription: { plan, status: 'active', currentPeriodEnd: null }, entitlements }) as User;

describe('navAccess', () => {
  it('shows nothing optional without a user or on Trial', () => {
    expect(navAccess(null)).toEqual({ analytics: false, team: false, catalog: false });
    expect(navAccess(user('Trial'))).toEqual({ analytics: false, team: false, catalog: false });
  });

  it('follows the plan table: catalog from Basic, team seats from Pro, analytics never', () => {
    expect(navAccess(user('Basic'))).toEqual({ analytics: false, team: false, catalog: true });
    expect(navAccess(user('Pro'))).toEqual({ analytics: false, team: true, catalog: true });
  });

  it('lets entitlements grant or withdraw an area whatever the plan', () => {
    expect(navAccess(user('Trial', { analytics: true, team: true, catalog: true }))).toEqual({
      analytics: true,
      team: true,
      catalog: true,
    });
    expect(navAccess(user('Pro', { team: false, catalog: false }))).toEqual({
      analytics: false,
      team: false,
      catalog: false,
    });
  });
});
