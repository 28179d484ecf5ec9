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
export type BillingStatus = z.infer<typeof BillingStatusSchema>;

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
export type EntitlementKey = (typeof entitlementKeys)[number];
export const EntitlementsSchema = z.object(
  Object.fromEntries(entitlementKeys.map((k) => [k, z.boolean().optional()])) as Record<
    EntitlementKey,
    z.ZodOptional<z.ZodBoolean>
  >,
);
export type Entitlements = z.infer<typeof EntitlementsSchema>;

export const BillingPrefsSchema = z.object({
  hourlyRateCents: z.number().int().nonnegative().nullable().optional(),
  defaultDueDays: z.number().int().nonnegative().nullable().optional(),
  defaultPriceId: z.string().nullable().optional(),
  /** Sales tax on the client's invoices, thousandths of a percent; unset: exempt. */
  salesTaxMilliPercent: z.number().int().nullable().optional(),
  /** Printed under the company on invoices (local billing). */
  billingAddress: z.array(z.string()).optional(),
});
export type BillingPrefs = z.infer<typeof BillingPrefsSchema>;

export const SubscriptionSchema = z.object({
  status: SubscriptionStatusSchema,
  currentPeriodEnd: z.string().nullable(),
  plan: PlanSchema,
  /** Local billing: cancelled, the plan ends with the paid period instead of renewing. */
  cancelAtPeriodEnd: z.boolean().optional(),
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

/** The CRM and billing-app ids an admin keeps on a client (SPEC §3, DESIGN §1). */
const ZohoIdsSchema = z.object(
  Object.fromEntries(zohoIdKeys.map((k) => [k, z.string().nullable()])) as Record<
    ZohoIdKey,
    z.ZodNullable<z.ZodString>
  >,
);

export const UserSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  /** Not in the spec: whether the address was proved by a link sent to it. */
  emailVerified: z.boolean(),
  role: RoleSchema,
  companyName: z.string().nullable(),
  companyCode: z.string().nullable(),
  billingStatus: BillingStatusSchema,
  acceptedTOS: z.boolean(),
  security: z.object({ allowedIps: z.array(z.string()) }),
  /** Only in answers to admins: the key is a secret. */
  integrationKeys: z.object({ n8nWebhookKey: z.string().nullable() }).optional(),
  entitlements: EntitlementsSchema,
  billingPrefs: BillingPrefsSchema,
  subscription: SubscriptionSchema,
  ...ZohoIdsSchema.shape,
  createdAt: z.string(),
  /** Set once the account is closed; erased accounts keep only invoices. */
  closedAt: z.string().nullable().optional(),
  erasedAt: z.string().nullable().optional(),
  /** IANA zone the person reads times in (Profile); null follows the browser's. */
  timeZone: z.string().nullable().optional(),
});
export type User = z.infer<typeof UserSchema>;

/** A session's token and its user: what signing up and signing in answer. */
export const AuthResponseSchema = z.object({ token: z.string(), user: UserSchema });
export type AuthResponse = z.infer<typeof AuthResponseSchema>;

/** What may answer the second step of a sign-in: an authenticator app's code, a passkey. */
export const secondFactors = ['totp', 'passkey'] as const;
export type SecondFactor = (typeof secondFactors)[number];

/** POST /api/auth/login when two-factor sign-in is on: the password was right. */
export const TwoFactorChallengeSchema = z.object({
  twoFactorRequired: z.literal(true),
  /** Sent back with the code to POST /api/auth/login/2fa (or with a passkey's answer). */
  challenge: z.string(),
  /** What this account can answer with (docs/decisions/020-passkeys.md). */
  methods: z.array(z.enum(secondFactors)),
});

/** POST /api/auth/login: a session, or a challenge when a second factor is on. */
export const LoginAnswerSchema = z.union([AuthResponseSchema, TwoFactorChallengeSchema]);
export type LoginAnswer = z.infer<typeof LoginAnswerSchema>;

/** GET /api/auth/verify: the signed-in user for a token. */
export const CurrentUserSchema = z.object({ user: UserSchema });
export type CurrentUser = z.infer<typeof CurrentUserSchema>;

export { displayName } from './display-name.ts';
