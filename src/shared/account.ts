import { z } from 'zod';
import { teamRoles } from './team.ts';
import { PlanSchema, SubscriptionStatusSchema } from './user.ts';

// GET /api/account: the client account the signed-in user works in. A team member works
// in the owner's account, so the portal's navigation and gates follow the owner's plan,
// not the member's own record.

/** What the account may do: its plan's capabilities with entitlements applied (plans.ts). */
export const CapabilitiesSchema = z.object({
  canSchedule: z.boolean(),
  scheduleMinIntervalMinutes: z.number().int(),
  logsRetentionDays: z.number().int(),
  canExportCSV: z.boolean(),
  hasNotifications: z.boolean(),
  hasTeamSeats: z.boolean(),
  hasCatalogAccess: z.boolean(),
  manualTriggerAllowed: z.boolean(),
  hasAnalyticsAccess: z.boolean(),
});
export type Capabilities = z.infer<typeof CapabilitiesSchema>;

export const AccountSchema = z.object({
  teamRole: z.enum(teamRoles),
  /** Owners and team admins manage schedules and invites. */
  canManage: z.boolean(),
  /** Only the owner manages billing. */
  canManageBilling: z.boolean(),
  owner: z.object({ name: z.string(), companyName: z.string().nullable() }),
  plan: PlanSchema,
  subscriptionStatus: SubscriptionStatusSchema,
  capabilities: CapabilitiesSchema,
  /** HELPDESK_URL: where Need Help opens; null sends clients to the contact page. */
  helpdeskUrl: z.string().nullable(),
});
export type Account = z.infer<typeof AccountSchema>;
