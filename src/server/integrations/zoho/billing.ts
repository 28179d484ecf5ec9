import { billingCall, billingList } from './billing-answer.ts';
import type { ZohoSend } from './send.ts';
import {
  ZohoCustomerSchema,
  ZohoError,
  type ZohoInvoice,
  ZohoInvoiceSchema,
  type ZohoPlan,
  ZohoPlanSchema,
  type ZohoSubscription,
  type ZohoSubscriptionItem,
  ZohoSubscriptionItemSchema,
  ZohoSubscriptionSchema,
} from './types.ts';

// Zoho Billing's plans, customers, subscriptions and invoices.

export interface ZohoBilling {
  listPlans(): Promise<ZohoPlan[]>;
  createCustomer(input: {
    display_name: string;
    email: string;
    company_name?: string;
  }): Promise<string>;
  getSubscription(subscriptionId: string): Promise<ZohoSubscription | null>;
  /** Cancels now (`cancel_at_end=false`), not at the term's end; Zoho answers the subscription. */
  cancelSubscription(subscriptionId: string): Promise<ZohoSubscription>;
  /** Every subscription of the customer, as Zoho lists them (flat items). */
  listSubscriptions(customerId: string): Promise<ZohoSubscriptionItem[]>;
  listInvoices(customerId: string): Promise<ZohoInvoice[]>;
  /** The invoice as Zoho renders it (application/pdf), or null when Zoho does not know it. */
  invoicePdf(invoiceId: string): Promise<Buffer | null>;
}

export function createBilling(send: ZohoSend): ZohoBilling {
  return {
    listPlans: () =>
      billingList(
        send,
        { method: 'GET', path: '/plans', query: { filter_by: 'PlanStatus.ACTIVE' } },
        'plans',
        ZohoPlanSchema,
      ),

    async createCustomer(input) {
      const customer = await billingCall(
        send,
        { method: 'POST', path: '/customers', body: input },
        'customer',
        ZohoCustomerSchema,
      );
      return customer.customer_id;
    },

    async getSubscription(subscriptionId) {
      try {
        return await billingCall(
          send,
          { method: 'GET', path: `/subscriptions/${encodeURIComponent(subscriptionId)}` },
          'subscription',
          ZohoSubscriptionSchema,
        );
      } catch (error) {
        if (error instanceof ZohoError && error.status === 404) return null;
        throw error;
      }
    },

    cancelSubscription: (subscriptionId) =>
      billingCall(
        send,
        {
          method: 'POST',
          path: `/subscriptions/${encodeURIComponent(subscriptionId)}/cancel`,
          query: { cancel_at_end: 'false' },
        },
        'subscription',
        ZohoSubscriptionSchema,
      ),

    listSubscriptions: (customerId) =>
      billingList(
        send,
        { method: 'GET', path: '/subscriptions', query: { customer_id: customerId } },
        'subscriptions',
        ZohoSubscriptionItemSchema,
      ),

    listInvoices: (customerId) =>
      billingList(
        send,
        { method: 'GET', path: '/invoices', query: { customer_id: customerId } },
        'invoices',
        ZohoInvoiceSchema,
      ),

    async invoicePdf(invoiceId) {
      const response = await send({
        api: 'billing',
        method: 'GET',
        path: `/invoices/${encodeURIComponent(invoiceId)}`,
        query: { accept: 'pdf' },
        accept: 'application/pdf',
      });
      if (response.status === 404) return null;
      const type = response.headers.get('content-type') ?? '';
      if (!response.ok || !type.includes('pdf')) {
        throw new ZohoError(
          response.status,
          `Zoho Billing invoice PDF failed: HTTP ${response.status}`,
        );
      }
      return Buffer.from(await response.arrayBuffer());
    },
  };
}
