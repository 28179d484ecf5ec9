import { z } from 'zod';

// The parts of Zoho's answers we read, as documented (Zoho Billing API v1, CRM API v6,
// Zoho Accounts OAuth). Objects are loose: Zoho sends many more fields than we use.

export interface ZohoOptions {
  clientId: string;
  clientSecret: string;
  refreshToken: string;
  organizationId: string;
  /** e.g. https://accounts.zoho.com */
  accountsUrl: string;
  /** e.g. https://www.zohoapis.com/billing/v1 */
  billingApiUrl: string;
  /** e.g. https://www.zohoapis.com/crm/v6 */
  crmApiUrl: string;
  /** Zoho Books (https://www.zohoapis.com/books/v3) for provisioning, when used. */
  books?: { apiUrl: string; organizationId: string };
  /** Zoho Desk (https://desk.zoho.com/api/v1) for provisioning, when used. */
  desk?: { apiUrl: string; orgId: string };
  timeoutMs?: number;
}

/** POST {accounts}/oauth/v2/token?grant_type=refresh_token: 200 even on failure ({error}). */
export const TokenAnswerSchema = z.looseObject({
  access_token: z.string().optional(),
  expires_in: z.number().optional(),
  error: z.string().optional(),
});

export const ZohoPlanSchema = z.looseObject({
  plan_code: z.string(),
  name: z.string(),
  description: z.string().nullish(),
  recurring_price: z.number(),
  interval: z.number().optional(),
  interval_unit: z.string(),
  status: z.string().optional(),
});
export type ZohoPlan = z.infer<typeof ZohoPlanSchema>;

export const ZohoCustomerSchema = z.looseObject({
  customer_id: z.string(),
  display_name: z.string().optional(),
  email: z.string().optional(),
});
export type ZohoCustomer = z.infer<typeof ZohoCustomerSchema>;

export const ZohoHostedPageSchema = z.looseObject({
  hostedpage_id: z.string(),
  url: z.string(),
  status: z.string().optional(),
  expiring_time: z.string().optional(),
});
export type ZohoHostedPage = z.infer<typeof ZohoHostedPageSchema>;

export const ZohoSubscriptionSchema = z.looseObject({
  subscription_id: z.string(),
  status: z.string(),
  customer_id: z.string().optional(),
  customer: z.looseObject({ customer_id: z.string().optional() }).optional(),
  plan: z.looseObject({ plan_code: z.string(), name: z.string().optional() }).optional(),
  current_term_ends_at: z.string().nullish(),
  next_billing_at: z.string().nullish(),
});
export type ZohoSubscription = z.infer<typeof ZohoSubscriptionSchema>;

/** A subscription as Zoho lists it: flat, the plan's code beside it; GET one for the rest. */
export const ZohoSubscriptionItemSchema = z.looseObject({
  subscription_id: z.string(),
  status: z.string(),
  plan_code: z.string().optional(),
  created_time: z.string().optional(),
});
export type ZohoSubscriptionItem = z.infer<typeof ZohoSubscriptionItemSchema>;

/** Where a list answer says whether another page follows. */
export const PageContextSchema = z.looseObject({ has_more_page: z.boolean().optional() });

export const ZohoInvoiceSchema = z.looseObject({
  invoice_id: z.string(),
  number: z.string(),
  status: z.string(),
  invoice_date: z.string(),
  due_date: z.string().nullish(),
  total: z.number(),
  balance: z.number().optional(),
  invoice_url: z.string().nullish(),
});
export type ZohoInvoice = z.infer<typeof ZohoInvoiceSchema>;

/** Every Billing answer: code 0 is success; anything else carries a message. */
export const EnvelopeSchema = z.looseObject({ code: z.number(), message: z.string().optional() });

export const CrmInsertAnswerSchema = z.object({
  data: z
    .array(
      z.looseObject({
        code: z.string(),
        status: z.string(),
        message: z.string().optional(),
        details: z.looseObject({ id: z.string().optional() }).optional(),
      }),
    )
    .min(1),
});

/** Zoho CRM's answer to a refused request (401 scope mismatch, 400 bad request…). */
export const CrmErrorSchema = z.looseObject({ code: z.string(), message: z.string().optional() });

export interface CrmContactInput {
  First_Name?: string;
  Last_Name: string;
  Email: string;
  /** A lookup on Contacts: the Account's id, never its name. */
  Account_Name?: { id: string };
}

/** A search answer: the records found (Zoho answers 204 with no body when none). */
export const CrmSearchAnswerSchema = z.object({
  data: z.array(z.looseObject({ id: z.string() })),
});

export class ZohoError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: number | string,
  ) {
    super(message);
  }
}
