import { type CrmLinkBases, defaultCrmLinkBases } from '#shared/crm-links.ts';
import { capabilitiesOf } from '#shared/plans.ts';
import type { entitlementKeys, User } from '#shared/user.ts';

// Pure formatting for the admin client screens, kept apart so it is unit-tested.

/** The hourly rate stored in cents, as the dollars the form edits ("" when unset). */
export function dollarsFromCents(cents: number | null | undefined): string {
  return cents === null || cents === undefined ? '' : (cents / 100).toFixed(2);
}

const crmIdFields = [
  'zohoContactId',
  'zohoCRMContactId',
  'zohoSubscriptionsCustomerId',
  'zohoBooksContactId',
  'zohoDeskContactId',
] as const;

export interface CrmLink {
  app: 'CRM' | 'Subscriptions' | 'Books' | 'Desk';
  id: string;
  href: string;
}

/**
 * Deep links into the CRM and billing apps for the ids a client has (the server's link
 * bases for the configured Zoho data centre and orgs, else the brand's, + id). The CRM link prefers the CRM contact id and falls back to the contact id, which
 * the CRM integration fills with the same value.
 */
export function crmLinks(
  user: Pick<User, (typeof crmIdFields)[number]>,
  bases: CrmLinkBases = defaultCrmLinkBases,
): CrmLink[] {
  const candidates: [CrmLink['app'], string | null, string][] = [
    ['CRM', user.zohoCRMContactId || user.zohoContactId, bases.crm],
    ['Subscriptions', user.zohoSubscriptionsCustomerId, bases.subscriptions],
    ['Books', user.zohoBooksContactId, bases.books],
    ['Desk', user.zohoDeskContactId, bases.desk],
  ];
  return candidates.flatMap(([app, id, base]) =>
    id ? [{ app, id, href: `${base}${encodeURIComponent(id)}` }] : [],
  );
}

/** The company column: "Acme (ACME1)", the name or code alone, or null. */
export function companyText(user: Pick<User, 'companyName' | 'companyCode'>): string | null {
  const { companyName, companyCode } = user;
  if (companyName && companyCode) return `${companyName} (${companyCode})`;
  return companyName || companyCode || null;
}

/** Case-insensitive search over name, e-mail and company (name and code). */
export function matchesClient(
  client: Pick<User, 'name' | 'email' | 'companyName' | 'companyCode'>,
  search: string,
): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return [client.name, client.email, client.companyName, client.companyCode].some((value) =>
    value?.toLowerCase().includes(needle),
  );
}

export type EntitlementKey = (typeof entitlementKeys)[number];

export const entitlementText: Record<EntitlementKey, { label: string; description: string }> = {
  manualTrigger: { label: 'Manual trigger', description: 'Run workflows on demand.' },
  scheduler: { label: 'Scheduler', description: 'Create schedules for workflows.' },
  analytics: { label: 'Analytics', description: 'See the analytics page.' },
  tickets: { label: 'Support tickets', description: 'Raise tickets with the help desk.' },
  catalog: { label: 'Catalog', description: 'Browse and request workflow templates.' },
  team: { label: 'Team', description: 'Invite team members.' },
};

/**
 * What each entitlement toggle shows: the client's own setting, else what the plan gives
 * (SPEC §4: entitlements override the plan; analytics and tickets are off unless set).
 */
export function effectiveEntitlements(
  user: Pick<User, 'entitlements' | 'subscription'>,
): Record<EntitlementKey, boolean> {
  const can = capabilitiesOf(user);
  return {
    manualTrigger: can.manualTriggerAllowed,
    scheduler: can.canSchedule,
    analytics: can.hasAnalyticsAccess,
    tickets: user.entitlements.tickets === true,
    catalog: can.hasCatalogAccess,
    team: can.hasTeamSeats,
  };
}

/**
 * The ids the default "local" billing provider makes up (LC-, LCUS-, LSUB- and 12 hex
 * digits, see the server's local-provider.ts). They live only in this product's
 * database, so the page says so instead of pretending a Zoho record exists.
 */
export const isLocalId = (id: string | null | undefined): boolean =>
  typeof id === 'string' && /^L(?:C|CUS|SUB)-[0-9A-F]{12}$/.test(id);
