import { z } from 'zod';
import { brand } from './brand.ts';

// Deep links into the Zoho apps for a client's ids (SPEC §2 client detail, /admin/zoho).
// Zoho runs separate data centres (zoho.com, zoho.eu, zoho.in, zoho.com.au, zoho.jp,
// zoho.ca, zoho.sa, zoho.com.cn) and each app opens one organisation, so the links are
// built from the configured accounts server and organisation ids (GET /api/zoho/crm-links);
// without Zoho they are the brand's defaults.

export const CrmLinkBasesSchema = z.object({
  crm: z.string(),
  subscriptions: z.string(),
  books: z.string(),
  desk: z.string(),
});
export type CrmLinkBases = z.infer<typeof CrmLinkBasesSchema>;

export const defaultCrmLinkBases: CrmLinkBases = brand.crmLinks;

/** "zoho.eu" for https://accounts.zoho.eu; zoho.com for anything that is not a Zoho host. */
export function zohoDomainOf(accountsUrl: string): string {
  try {
    const host = new URL(accountsUrl).hostname.toLowerCase();
    return /^accounts\.(zoho(?:\.com)?\.[a-z]{2,3}|zoho\.com)$/.exec(host)?.[1] ?? 'zoho.com';
  } catch {
    return 'zoho.com';
  }
}

export interface ZohoLinkOptions {
  accountsUrl: string;
  /** The Zoho Billing organisation (ZOHO_ORGANIZATION_ID). */
  billingOrgId: string;
  crmOrgId?: string;
  booksOrgId?: string;
  deskPortal?: string;
}

export function zohoLinkBases(options: ZohoLinkOptions): CrmLinkBases {
  const dc = zohoDomainOf(options.accountsUrl);
  const org = (id: string | undefined) => (id ? encodeURIComponent(id) : '');
  return {
    crm: `https://crm.${dc}/crm/${options.crmOrgId ? `org${org(options.crmOrgId)}/` : ''}tab/Contacts/`,
    subscriptions: `https://billing.${dc}/app/${org(options.billingOrgId)}#/customers/`,
    books: `https://books.${dc}/app/${org(options.booksOrgId)}#/contacts/`,
    desk: `https://desk.${dc}/agent/${options.deskPortal ? `${org(options.deskPortal)}/` : ''}contacts/details/`,
  };
}
