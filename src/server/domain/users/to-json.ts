import type { UserRow } from '#server/db/schema.ts';
import type { User } from '#shared/user.ts';

// The user record as the API sends it, with the spec's field names (SPEC §3). The
// integration key is a secret: only admins get it (pass { withSecrets: true }).

export function userToJson(row: UserRow, options: { withSecrets?: boolean } = {}): User {
  const user: User = {
    _id: row.id,
    name: row.name,
    email: row.email,
    emailVerified: row.emailVerifiedAt !== null,
    role: row.role,
    companyName: row.companyName,
    companyCode: row.companyCode,
    billingStatus: row.billingStatus,
    acceptedTOS: row.acceptedTos,
    security: { allowedIps: row.allowedIps },
    entitlements: row.entitlements,
    billingPrefs: row.billingPrefs,
    subscription: {
      status: row.subscriptionStatus,
      currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
      plan: row.subscriptionPlan,
      cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    },
    zohoContactId: row.zohoContactId,
    zohoSubscriptionId: row.zohoSubscriptionId,
    zohoCRMContactId: row.zohoCRMContactId,
    zohoBooksContactId: row.zohoBooksContactId,
    zohoDeskContactId: row.zohoDeskContactId,
    zohoSubscriptionsCustomerId: row.zohoSubscriptionsCustomerId,
    createdAt: row.createdAt.toISOString(),
    closedAt: row.closedAt?.toISOString() ?? null,
    erasedAt: row.erasedAt?.toISOString() ?? null,
    timeZone: row.timeZone ?? null,
  };
  if (options.withSecrets) user.integrationKeys = { n8nWebhookKey: row.n8nWebhookKey };
  return user;
}
