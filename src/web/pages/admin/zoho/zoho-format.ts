import { type CrmLink, crmLinks } from '../shared/client-format.ts';

// Pure helpers for the CRM/billing-apps tools page, kept apart so they are unit-tested.

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
