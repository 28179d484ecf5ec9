import { z } from 'zod';

// The user record as the API sends it (SPEC §3 User). Field names follow the spec;
// {wf} is n8n and {crm} is zoho (DESIGN §1).

export const roles = ['Client', 'Admin', 'Trial'] as const;
export const RoleSchema = z.enum(roles);
export type Role = z.infer<typeof RoleSchema>;

export const plans = ['Trial', 'Basic', 'Pro'] as const;
export const PlanSchema = z.enum(plans);
export type Plan = z.infer<typeof PlanSchema>;

/** Statuses a client sees on the billing screen (SPEC §4). */
export const billingStatuses = ['active', 'pending', 'past_due', 'cancelled', 'trial'] as const;
export const BillingStatusSchema = z.enum(billingStatuses);

/** Subscription statuses an admin can set (SPEC §4 mock status). */
export const subscriptionStatuses = [
  'active',
  'trialing',
  'past_due',
  'incomplete',
  'canceled',
  'no_subscription',
] as const;
export const SubscriptionStatusSchema = z.enum(subscriptionStatuses);
export type SubscriptionStatus = z.infer<typeof SubscriptionStatusSchema>;

export const entitlementKeys = [
  'manualTrigger',
  'scheduler',
  'analytics',
  'tickets',
  'catalog',
  'team',
] as const;
export const EntitlementsSchema = z
  .object(Object.fromEntries(entitlementKeys.map((k) => [k, z.boolean().optional()])))
  .partial() as z.ZodType<Partial<Record<(typeof entitlementKeys)[number], boolean>>>;
export type Entitlements = Partial<Record<(typeof entitlementKeys)[number], boolean>>;

export const BillingPrefsSchema = z.object({
  hourlyRateCents: z.number().int().nonnegative().nullable().optional(),
  defaultDueDays: z.number().int().nonnegative().nullable().optional(),
  defaultPriceId: z.string().nullable().optional(),
});
export type BillingPrefs = z.infer<typeof BillingPrefsSchema>;

export const SubscriptionSchema = z.object({
  status: SubscriptionStatusSchema,
  currentPeriodEnd: z.string().nullable(),
  plan: PlanSchema,
});
export type Subscription = z.infer<typeof SubscriptionSchema>;

export const zohoIdKeys = [
  'zohoContactId',
  'zohoSubscriptionId',
  'zohoCRMContactId',
  'zohoBooksContactId',
  'zohoDeskContactId',
  'zohoSubscriptionsCustomerId',
] as const;
export type ZohoIdKey = (typeof zohoIdKeys)[number];

export const UserSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: RoleSchema,
  companyName: z.string().nullable(),
  companyCode: z.string().nullable(),
  billingStatus: BillingStatusSchema,
  acceptedTOS: z.boolean(),
  security: z.object({ allowedIps: z.array(z.string()) }),
  integrationKeys: z.object({ n8nWebhookKey: z.string().nullable() }).optional(),
  entitlements: EntitlementsSchema,
  billingPrefs: BillingPrefsSchema,
  subscription: SubscriptionSchema,
  ...Object.fromEntries(zohoIdKeys.map((k) => [k, z.string().nullable()])),
  createdAt: z.string(),
}) as unknown as z.ZodType<User>;

export interface User {
  _id: string;
  name: string;
  email: string;
  role: Role;
  companyName: string | null;
  companyCode: string | null;
  billingStatus: (typeof billingStatuses)[number];
  acceptedTOS: boolean;
  security: { allowedIps: string[] };
  /** Only in answers to admins: the key is a secret. */
  integrationKeys?: { n8nWebhookKey: string | null };
  entitlements: Entitlements;
  billingPrefs: BillingPrefs;
  subscription: Subscription;
  zohoContactId: string | null;
  zohoSubscriptionId: string | null;
  zohoCRMContactId: string | null;
  zohoBooksContactId: string | null;
  zohoDeskContactId: string | null;
  zohoSubscriptionsCustomerId: string | null;
  createdAt: string;
}

export const AuthResponseSchema = z.object({ token: z.string(), user: UserSchema });
export type AuthResponse = { token: string; user: User };

export { displayName } from './display-name.ts';
