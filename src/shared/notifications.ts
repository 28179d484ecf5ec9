import { z } from 'zod';
import { planCapabilities } from './plans.ts';
import { plans } from './user.ts';

// Notifications (Pro's hasNotifications): e-mail when a run fails or a scheduled
// run is skipped, a daily summary instead, and a signed webhook (Slack-compatible).

const notifyPlans = plans.filter((plan) => planCapabilities[plan].hasNotifications);

export const notificationMessages = {
  notIncluded: `Notifications are included in the ${notifyPlans.join(' and ')} plan.`,
  webhookUrl: 'The webhook URL must be an https:// address.',
  saved: 'Notification settings saved.',
  noWebhook: 'Save a webhook URL first.',
  testSent: 'Test notice sent to your webhook.',
} as const;

/** At most one notice per process in this many minutes; the rest are counted in the next. */
export const BURST_MINUTES = 15;
/** Headers of a webhook notice: sha256 of "<timestamp>.<body>" keyed with the secret. */
export const signatureHeaders = {
  timestamp: 'x-portal-timestamp',
  signature: 'x-portal-signature',
};

export const NotificationSettingsInputSchema = z.object({
  emailOnFailure: z.boolean(),
  emailOnSkip: z.boolean(),
  dailySummary: z.boolean(),
  webhookUrl: z
    .string()
    .trim()
    .max(2000, notificationMessages.webhookUrl)
    // http:// passes here only for servers with ALLOW_PRIVATE_WEBHOOKS (tests, a LAN): the
    // server refuses it otherwise.
    .refine(
      (v) => v === '' || (/^https?:\/\//i.test(v) && URL.canParse(v)),
      notificationMessages.webhookUrl,
    )
    .transform((v) => v || null)
    .nullish(),
});
export type NotificationSettingsInput = z.input<typeof NotificationSettingsInputSchema>;

export const NotificationSettingsSchema = z.object({
  emailOnFailure: z.boolean(),
  emailOnSkip: z.boolean(),
  dailySummary: z.boolean(),
  webhookUrl: z.string().nullable(),
  /** For checking signatures on the receiving side; null without a webhook URL. */
  webhookSecret: z.string().nullable(),
});
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>;

/** A save's answer: the settings, and what the person should know about them. */
export const SavedNotificationSettingsSchema = NotificationSettingsSchema.extend({
  warnings: z
    .array(z.string())
    .describe('Things that will stop notices arriving, e.g. a private webhook address'),
});
export type SavedNotificationSettings = z.infer<typeof SavedNotificationSettingsSchema>;
