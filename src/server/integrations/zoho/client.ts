import { type AppContacts, createAppContacts } from './apps.ts';
import { createBilling, type ZohoBilling } from './billing.ts';
import { createCrm, type ZohoCrm } from './crm.ts';
import { createHostedPages, type ZohoHostedPages } from './hosted-pages.ts';
import type { SharedTokenStore } from './oauth.ts';
import { createZohoSend } from './send.ts';
import type { ZohoOptions } from './types.ts';

// The one way the server talks to Zoho (DESIGN §3 integrations): Billing for plans,
// customers, hosted pages, subscriptions and invoices; CRM for contacts; Books and Desk
// contacts for provisioning. Each part sits in a file beside this one, and every call of
// each goes through one sender (send.ts: the token, its refresh on 401, and retries).

export interface ZohoClient extends AppContacts, ZohoBilling, ZohoHostedPages, ZohoCrm {}

export function createZohoClient(options: ZohoOptions, tokenStore?: SharedTokenStore): ZohoClient {
  const send = createZohoSend(options, tokenStore);
  return {
    ...createAppContacts(send, options),
    ...createBilling(send),
    ...createHostedPages(send),
    ...createCrm(send),
  };
}
