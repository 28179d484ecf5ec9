import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { notificationSettings } from '#server/db/schema.ts';
import { audit } from '#server/domain/audit/audit.ts';
import type { notificationsApi } from '#shared/api/notifications.ts';
import type { BodyOf } from '#shared/api/route.ts';

// A person's notification choices: read, and saved with an audit entry that names what
// changed without ever giving the webhook's address.

const empty = {
  emailOnFailure: false,
  emailOnSkip: false,
  dailySummary: false,
  webhookUrl: null,
  webhookSecret: null,
};
/** What a save may change, as the audit entry names it. */
const choices = ['emailOnFailure', 'emailOnSkip', 'dailySummary', 'webhookUrl'] as const;

type Choices = BodyOf<typeof notificationsApi.save>;

const rowOf = async (db: Db, userId: string) =>
  (await db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId)))[0];

/** The person's settings, or all off; the secret only while a webhook is set. */
export async function readNotificationSettings(db: Db, userId: string) {
  const row = await rowOf(db, userId);
  return row
    ? {
        emailOnFailure: row.emailOnFailure,
        emailOnSkip: row.emailOnSkip,
        dailySummary: row.dailySummary,
        webhookUrl: row.webhookUrl,
        webhookSecret: row.webhookUrl ? row.webhookSecret : null,
      }
    : empty;
}

export async function saveNotificationSettings(
  db: Db,
  userId: string,
  body: Choices,
  ip: string,
): Promise<void> {
  const existing = await rowOf(db, userId);
  // The signing secret is made once and kept while a URL is set.
  const secret = existing?.webhookSecret ?? `nsec_${randomBytes(24).toString('base64url')}`;
  const values = {
    emailOnFailure: body.emailOnFailure,
    emailOnSkip: body.emailOnSkip,
    dailySummary: body.dailySummary,
    webhookUrl: body.webhookUrl ?? null,
    webhookSecret: secret,
    updatedAt: new Date(),
  };
  await db
    .insert(notificationSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: values });
  await audit(db, {
    source: 'notifications',
    message: 'Notification settings saved',
    userId,
    ip,
    // The webhook URL is named when it changed, never given: it is the person's own
    // listener's address (docs/decisions/017-privacy-requests.md).
    details: {
      changed: choices.filter((key) => (existing ?? empty)[key] !== values[key]),
      emailOnFailure: values.emailOnFailure,
      emailOnSkip: values.emailOnSkip,
      dailySummary: values.dailySummary,
      webhookConfigured: values.webhookUrl !== null,
    },
  });
}
