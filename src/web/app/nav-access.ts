import type { User } from '#shared/user.ts';

// Which optional portal areas a user sees (SPEC §2 sidebar, §6 plan table). Kept in one
// function so the shared plan-capabilities module can replace it later without touching
// the navigation. Analytics comes only from its entitlement; team seats need Pro,
// catalog needs Basic or Pro, and an entitlement grants either regardless of plan.

export interface NavAccess {
  analytics: boolean;
  team: boolean;
  catalog: boolean;
}

export function navAccess(user: User | null): NavAccess {
  const plan = user?.subscription?.plan ?? 'Trial';
  const entitlements = user?.entitlements ?? {};
  return {
    analytics: entitlements.analytics === true,
    team: entitlements.team ?? plan === 'Pro',
    catalog: entitlements.catalog ?? (plan === 'Basic' || plan === 'Pro'),
  };
}
