import { z } from 'zod';
import { InvoiceItemSchema, PaymentInstructionsSchema } from './invoicing.ts';
import { BillingStatusSchema, PlanSchema, type SubscriptionStatus } from './user.ts';

// The billing calls (SPEC §7 Client portal, DESIGN §1 billing providers) and the token
// pages /pay/portal|invoice/:token. Money is integer cents everywhere.

export const billingApiMessages = {
  packageRequired: 'Choose a package.',
  packageNotFound: 'That package is not available.',
  ownerOnly: 'Only the account owner can manage billing.',
  planInvoiceOpen:
    'An invoice for your plan is waiting for payment. Open it from Billing to see how to pay.',
  /** Another package chosen while the plan invoice open has money on it. */
  planInvoicePartPaid: (number: string) =>
    `Invoice ${number} already has a payment recorded, so choosing another package cannot replace it. Pay what is still due and change your plan afterwards, or contact us to correct the invoice.`,
  alreadyActive:
    'Your subscription is already active. Open the billing portal to change or cancel it.',
  sessionGone: 'This link has expired or was already used. Start again from Billing.',
  samePackage: 'You are already on this package.',
  nothingToCancel: 'There is no active subscription to cancel.',
  alreadyEnding: 'Your plan already ends with its paid period. Undo that first to change it.',
  nothingToResume: 'Your plan is not set to end, so there is nothing to undo.',
  badInvoiceLink: 'This invoice link is invalid or has expired. Open it again from Billing.',
  noSubscription: 'You have no subscription yet. Choose a package first.',
  providerFailed: 'The billing service did not answer as expected. Please try again shortly.',
} as const;

export const intervals = ['month', 'year'] as const;
export type Interval = (typeof intervals)[number];

export const PackageSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** Cents. */
  price: z.number().int(),
  interval: z.enum(intervals),
  /** The plan it starts: what the package includes is read from that plan, never typed twice. */
  plan: PlanSchema.nullable(),
});
export type Package = z.infer<typeof PackageSchema>;

export const invoiceStatuses = ['paid', 'unpaid', 'void'] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];

export const InvoiceSchema = z.object({
  id: z.string(),
  /** The invoice number shown to people, e.g. INV-000123. */
  number: z.string(),
  /** ISO date-time the invoice was issued. */
  date: z.string(),
  status: z.enum(invoiceStatuses),
  /** Cents. */
  amount: z.number().int(),
  description: z.string(),
  /** ISO date-time payment is due by; null when the provider gives none. */
  dueDate: z.string().nullable(),
  /** Opens in a new tab without a bearer header (signed, expiring link). */
  pdfUrl: z.string().nullable(),
  /** Only for unpaid invoices: how to pay (local: the invoice with payment instructions). */
  paymentUrl: z.string().nullable(),
  /** Why an admin voided it (local billing), shown with the invoice. */
  voidReason: z.string().nullable().optional(),
  /** What changed it since (local billing): credit notes and reversed payments, in words. */
  notes: z.array(z.string()).optional(),
  /** Cents still asked for, when credit notes or payments make it differ from amount. */
  amountDue: z.number().int().optional(),
});
export type Invoice = z.infer<typeof InvoiceSchema>;

/** The IANA zone billing dates are read in (BILLING_TIME_ZONE), sent with the dates. */
const BillingTimeZoneSchema = z.string();

export const BillingStatusResponseSchema = z.object({
  status: BillingStatusSchema,
  /** The zone the period end and invoice dates on Billing are shown in. */
  billingTimeZone: BillingTimeZoneSchema,
});
export type BillingStatusResponse = z.infer<typeof BillingStatusResponseSchema>;

export const SelectPackageSchema = z.object({
  packageId: z
    .string({ error: billingApiMessages.packageRequired })
    .trim()
    .min(1, billingApiMessages.packageRequired)
    .max(100, billingApiMessages.packageRequired),
});
export type SelectPackage = z.infer<typeof SelectPackageSchema>;

export const CheckoutUrlSchema = z.object({ checkoutUrl: z.string() });

/** GET /api/invoices/{id}/pdf: the signature of a link from the invoice list, if any. */
export const InvoicePdfQuerySchema = z.object({ sig: z.string().max(2000).optional() });

export type CheckoutUrl = z.infer<typeof CheckoutUrlSchema>;
/** A billing portal address (the client's own, or opened for them by an admin). */
export const UrlSchema = z.object({ url: z.string() });

/** Plain-language status for a subscription status an admin or a provider sets. */
export const billingStatusFor: Record<SubscriptionStatus, z.infer<typeof BillingStatusSchema>> = {
  active: 'active',
  trialing: 'trial',
  past_due: 'past_due',
  incomplete: 'pending',
  canceled: 'cancelled',
  no_subscription: 'pending',
};

// Token pages (public, the token in the URL is the authorisation).

/** checkout is no longer issued (local billing invoices instead); old rows may hold it. */
export const paySessionKinds = ['checkout', 'portal', 'invoice'] as const;
export type PaySessionKind = (typeof paySessionKinds)[number];

/** A token page's path: the token is 256 random bits, so 200 characters is generous. */
export const PayTokenParamsSchema = z.object({ token: z.string().min(1).max(200) });

export const PaySessionSchema = z.object({
  kind: z.enum(paySessionKinds),
  client: z.object({
    name: z.string(),
    email: z.string(),
    companyName: z.string().nullable(),
  }),
  /** checkout: the package being bought; portal: the current package when known. */
  package: PackageSchema.nullable(),
  subscription: z.object({
    plan: PlanSchema,
    status: z.string(),
    billingStatus: BillingStatusSchema,
    currentPeriodEnd: z.string().nullable(),
    /** The plan ends with the paid period (a cancellation that can still be undone). */
    cancelAtPeriodEnd: z.boolean(),
    /** A downgrade that takes over at the next renewal. */
    scheduledPackage: PackageSchema.nullable(),
  }),
  /** portal: every package, to change to. Empty for the other kinds. */
  packages: z.array(PackageSchema),
  /** invoice: the invoice to pay; portal: the plan invoice waiting for payment, if any. */
  invoice: InvoiceSchema.omit({ paymentUrl: true })
    .extend({
      items: z.array(InvoiceItemSchema),
      /** Cents received so far (an admin records payments). */
      amountPaid: z.number().int(),
      /** Cents taken off by credit notes. */
      amountCredited: z.number().int(),
      /** Sales tax in cents, included in amount, and its rate in thousandths of a percent. */
      taxCents: z.number().int(),
      taxRateMilliPercent: z.number().int().nullable(),
      /** The address lines kept with the invoice at issue (after the company). */
      billingAddress: z.array(z.string()),
      /** portal: a choice with no money on it, which choosing another package replaces. */
      replaceable: z.boolean().optional(),
    })
    .nullable(),
  /** invoice: how to pay it. */
  instructions: PaymentInstructionsSchema.nullable(),
  /** The zone every date on the page is shown in. */
  billingTimeZone: BillingTimeZoneSchema,
  expiresAt: z.string(),
});
export type PaySession = z.infer<typeof PaySessionSchema>;

export const PayResultSchema = z.object({ message: z.string(), redirectUrl: z.string() });
export type PayResult = z.infer<typeof PayResultSchema>;

export const payRedirects = {
  checkout: '/billing?checkout=success',
  changed: '/billing?portal=changed',
  invoiced: '/billing?portal=invoiced',
  cancelled: '/billing?portal=cancelled',
  ending: '/billing?portal=ending',
  resumed: '/billing?portal=resumed',
  scheduled: '/billing?portal=scheduled',
  paid: '/billing?payment=success',
} as const;

// Admin CRM / billing-apps tools (SPEC §7 Admin, /admin/zoho).

export const ContactIdSchema = z.object({ contactId: z.string() });
export type ContactId = z.infer<typeof ContactIdSchema>;
export const ProvisionResultSchema = z.object({
  message: z.string(),
  customerId: z.string(),
  subscriptionId: z.string().nullable(),
});
export type ProvisionResult = z.infer<typeof ProvisionResultSchema>;
export const SyncStatusSchema = z.object({
  status: BillingStatusSchema,
  subscription: z.object({
    status: z.string(),
    plan: PlanSchema,
    currentPeriodEnd: z.string().nullable(),
  }),
});
export type SyncStatus = z.infer<typeof SyncStatusSchema>;

// The answer of a billing provider's webhook (POST /api/zoho/webhook, POST
// /api/stripe/webhook): each event is handled once.

export const WebhookReceivedSchema = z.object({
  received: z.literal(true),
  /** The event id was seen before; nothing changed. */
  duplicate: z.boolean(),
  /** A client's subscription changed. */
  applied: z.boolean(),
});
export type WebhookReceived = z.infer<typeof WebhookReceivedSchema>;
