import type { Db } from '#server/db/client.ts';
import type { UserRow } from '#server/db/schema.ts';
import { audit } from '#server/domain/audit/audit.ts';
import { HttpError } from '#server/http/errors.ts';
import {
  billingApiMessages,
  type Invoice,
  type Package,
  type ProvisionResult,
  type SyncStatus,
} from '#shared/billing-api.ts';
import type { BillingStatus } from '#shared/user.ts';

// The billing provider interface (DESIGN §1): `local` keeps packages, subscriptions and
// invoices in the database with built-in pages (invoicing, docs/decisions/014); `zoho` and
// `stripe` run them in Zoho Billing or Stripe with their hosted pages
// (docs/decisions/013, 015). Routes only talk to this interface; BILLING_PROVIDER picks one.

/**
 * The billing service failed: a client is told so plainly (502), while an admin's CRM
 * tool shows what the service itself said (`detail`: its code and message, SPEC §8).
 */
export class ProviderError extends HttpError {
  constructor(readonly detail: string) {
    super(502, billingApiMessages.providerFailed);
  }
}

/** Runs an admin CRM tool: a ProviderError answers with the service's own words. */
export async function withProviderDetail<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ProviderError) throw new HttpError(502, error.detail);
    throw error;
  }
}

/** Who acted, for the audit log. */
export interface Acting {
  actorId: string;
  ip: string;
  /** Set while an admin tests as the client: money actions are refused. */
  impersonatorId?: string | null;
}

/** Every billing change is audited under source 'billing', about the client's account. */
export const recordBilling = (
  db: Db,
  acting: Acting,
  userId: string,
  message: string,
  details: Record<string, unknown> = {},
) =>
  audit(db, {
    source: 'billing',
    message,
    userId,
    actorId: acting.actorId,
    ip: acting.ip,
    details,
  });

export interface BillingProvider {
  readonly name: 'local' | 'zoho' | 'stripe';
  listPackages(): Promise<Package[]>;
  /** The client's billing status, brought up to date first where the provider can. */
  billingStatus(owner: UserRow): Promise<BillingStatus>;
  /** Pay Now links made while an admin tests as the client only show, never pay. */
  listInvoices(owner: UserRow, acting: Acting): Promise<Invoice[]>;
  /** A URL the browser goes to for paying a package. */
  startCheckout(owner: UserRow, packageId: string, acting: Acting): Promise<string>;
  /** A URL where the client changes or cancels the plan, or updates the card. */
  portalUrl(owner: UserRow, acting: Acting): Promise<string>;
  /**
   * Ends any subscription at once, before the account closes (docs/decisions/
   * 017-privacy-requests.md): nothing more is charged. Provider trouble throws (502) and
   * the account stays open.
   */
  cancelForClosure(owner: UserRow, acting: Acting): Promise<void>;
  ownsInvoice(owner: UserRow, invoiceId: string): Promise<boolean>;
  invoicePdf(invoiceId: string): Promise<{ filename: string; pdf: Buffer } | null>;
  /** Admin CRM tools (SPEC §7 Admin, /admin/zoho). */
  createContact(client: UserRow, acting: Acting): Promise<string>;
  provision(client: UserRow, acting: Acting): Promise<ProvisionResult>;
  syncStatus(client: UserRow, acting: Acting): Promise<SyncStatus>;
}

export const syncStatusOf = (row: UserRow): SyncStatus => ({
  status: row.billingStatus,
  subscription: {
    status: row.subscriptionStatus,
    plan: row.subscriptionPlan,
    currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
  },
});
