import { type CrmLink, crmLinks } from '../shared/client-format.ts';

// Pure helpers for the CRM/billing-apps tools page, kept apart so they are unit-tested.

/**
 * The ids the default "local" billing provider makes up (LC-, LCUS-, LSUB- and 12 hex
 * digits, see the server's local-provider.ts). They live only in this product's
 * database, so the page says so instead of pretending a Zoho record exists.
 */
export const isLocalId = (id: string | null | undefined): boolean =>
  typeof id === 'string' && /^L(?:C|CUS|SUB)-[0-9A-F]{12}$/.test(id);

export const crmApps = [
  'CRM',
  'Subscriptions',
  'Books',
  'Desk',
] as const satisfies readonly CrmLink['app'][];

export interface AppLink {
  app: CrmLink['app'];
  link: CrmLink | null;
}

/** Every app in a fixed order, with its deep link when the client has an id for it. */
export function appLinks(
  client: Parameters<typeof crmLinks>[0] | null,
  bases?: Parameters<typeof crmLinks>[1],
): AppLink[] {
  const links = client ? crmLinks(client, bases) : [];
  return crmApps.map((app) => ({ app, link: links.find((l) => l.app === app) ?? null }));
}
