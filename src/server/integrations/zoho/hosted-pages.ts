import { billingCall } from './billing-answer.ts';
import type { ZohoSend } from './send.ts';
import { type ZohoHostedPage, ZohoHostedPageSchema } from './types.ts';

// Zoho Billing's hosted pages: the client subscribes, changes plan or updates the card on
// Zoho's own page and comes back to `redirect_url`.

export interface ZohoHostedPages {
  newSubscriptionPage(input: {
    customer_id: string;
    plan_code: string;
    redirect_url: string;
  }): Promise<ZohoHostedPage>;
  updateCardPage(input: { subscription_id: string; redirect_url: string }): Promise<ZohoHostedPage>;
  /** Zoho's page for changing an existing subscription (its plan), paid there. */
  updateSubscriptionPage(input: {
    subscription_id: string;
    plan_code: string;
    redirect_url: string;
  }): Promise<ZohoHostedPage>;
}

export function createHostedPages(send: ZohoSend): ZohoHostedPages {
  const hostedPage = (path: string, body: object) =>
    billingCall(send, { method: 'POST', path, body }, 'hostedpage', ZohoHostedPageSchema);
  return {
    newSubscriptionPage: (input) =>
      hostedPage('/hostedpages/newsubscription', {
        customer_id: input.customer_id,
        plan: { plan_code: input.plan_code },
        redirect_url: input.redirect_url,
      }),

    updateSubscriptionPage: (input) =>
      hostedPage('/hostedpages/updatesubscription', {
        subscription_id: input.subscription_id,
        plan: { plan_code: input.plan_code },
        redirect_url: input.redirect_url,
      }),

    updateCardPage: (input) =>
      hostedPage('/hostedpages/updatecard', { ...input, auto_collect: true }),
  };
}
