import { z } from 'zod';
import { EmailSchema, PasswordSchema } from './auth.ts';
import { pagingQuery } from './paging.ts';
import { inviteRoles } from './team.ts';
import { singleLine } from './text.ts';
import {
  entitlementKeys,
  PlanSchema,
  RoleSchema,
  SubscriptionSchema,
  SubscriptionStatusSchema,
  UserSchema,
  zohoIdKeys,
} from './user.ts';

// What an admin may change on a client account (SPEC §7 Admin calls). One PATCH body
// carries any of: account fields, entitlements with billing presets, or CRM ids.

const optionalId = z
  .string()
  .trim()
  .max(100, 'Ids must be at most 100 characters')
  .refine(...singleLine('Id'))
  .nullish()
  .transform((v) => (v ? v : null));

const nonNegative = (label: string, max: number) =>
  z
    .number({ error: `${label} must be a number` })
    .min(0, `${label} cannot be negative`)
    .max(max, `${label} must be at most ${max}`)
    .nullish();

export const BillingPrefsInputSchema = z.object({
  hourlyRateDollars: nonNegative('Hourly rate', 100_000),
  defaultDueDays: nonNegative('Due days', 365).refine(
    (v) => v === null || v === undefined || Number.isInteger(v),
    'Due days must be a whole number',
  ),
  defaultPriceId: optionalId,
});

export const UpdateClientSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, 'Name is required')
      .max(120)
      .refine(...singleLine('Name')),
    email: EmailSchema,
    role: RoleSchema,
    plan: PlanSchema,
    acceptedTOS: z.boolean(),
    entitlements: z.object(
      Object.fromEntries(entitlementKeys.map((k) => [k, z.boolean().optional()])) as Record<
        (typeof entitlementKeys)[number],
        z.ZodOptional<z.ZodBoolean>
      >,
    ),
    billingPrefs: BillingPrefsInputSchema,
    ...(Object.fromEntries(zohoIdKeys.map((k) => [k, optionalId])) as Record<
      (typeof zohoIdKeys)[number],
      typeof optionalId
    >),
  })
  .partial();
export type UpdateClient = z.output<typeof UpdateClientSchema>;

export const UpdateCompanySchema = z.object({
  companyName: z
    .string()
    .trim()
    .max(120)
    .refine(...singleLine('Company name'))
    .nullish()
    .transform((v) => v || null),
  companyCode: z
    .string()
    .trim()
    .max(40)
    .refine(...singleLine('Company code'))
    .nullish()
    .transform((v) => v || null),
});

/** "1.2.3.4, 10.0.0.0/8, ," → ["1.2.3.4", "10.0.0.0/8"]: comma-separated, trimmed, empties dropped. */
export function splitIpList(input: string | string[]): string[] {
  const parts = Array.isArray(input) ? input : input.split(',');
  return parts.map((p) => p.trim()).filter(Boolean);
}

export const AllowedIpsSchema = z.object({
  ips: z.union([z.string().max(5000), z.array(z.string().max(100)).max(100)], {
    error: 'Send ips as a comma-separated list',
  }),
});

export const IntegrationKeySchema = z.object({
  n8nWebhookKey: z
    .string()
    .trim()
    .max(500)
    .refine(...singleLine('Webhook key'))
    .nullish()
    .transform((v) => v || null),
});

export const ResetPasswordSchema = z.object({ newPassword: PasswordSchema });

export const MockStatusSchema = z.object({ status: SubscriptionStatusSchema });

/** GET /api/admin/billing/{id}/overview and the mock-status answer: the subscription only. */
export const BillingOverviewSchema = z.object({ subscription: SubscriptionSchema });
export type BillingOverview = z.infer<typeof BillingOverviewSchema>;

/** How the admin client list can be ordered; newest first is the spec's order. */
export const clientSorts = ['newest', 'oldest', 'name', 'company'] as const;
export type ClientSort = (typeof clientSorts)[number];

/** Clients per page of the admin list, and the most one call may ask for. */
export const CLIENT_PAGE = { default: 200, max: 500 } as const;

/** GET /api/admin/clients: a page of accounts, searched, filtered by role and ordered. */
export const ClientListQuerySchema = pagingQuery(CLIENT_PAGE.default, CLIENT_PAGE.max).extend({
  role: RoleSchema.optional(),
  /** Leave one role out: the screen lists clients and trials, not the admins. */
  exclude: RoleSchema.optional(),
  sort: z.enum(clientSorts).default('newest'),
});

/** A member of a client's team, listed under its owner rather than as a client of its own. */
export const ClientTeamMemberSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  teamRole: z.enum(inviteRoles),
  emailVerified: z.boolean(),
});
export type ClientTeamMember = z.infer<typeof ClientTeamMemberSchema>;

/** The team an account belongs to: the owner it works under, or the members it has. */
export const ClientTeamSchema = z.object({
  /** Set for a member: the account whose plan and processes it works in. */
  owner: ClientTeamMemberSchema.omit({ emailVerified: true }).nullable(),
  members: z.array(ClientTeamMemberSchema),
});
export type ClientTeam = z.infer<typeof ClientTeamSchema>;

/** A row of the admin's client list: the account, when it was last active, its team. */
export const ClientRowSchema = UserSchema.extend({
  /** Its newest own sign-in or run, whichever is later; null when it has done neither. */
  lastActiveAt: z.string().nullable(),
  /** The members of its team (an owner's row); they are not rows of the list themselves. */
  team: z.array(ClientTeamMemberSchema),
});
export type ClientRow = z.infer<typeof ClientRowSchema>;
