import { z } from 'zod';
import { PageCursorSchema, pageCursorMessage } from './page-cursor.ts';

// The admin Outbox: every queued, sent and failed mail, so that without SMTP an
// admin can still see and pass on what people were meant to receive.

export const outboxStatuses = ['pending', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof outboxStatuses)[number];

export const outboxMessages = {
  notFound: 'That message is no longer in the outbox.',
  resendCleared:
    'This message held a one-time link and its text was cleared, so it cannot be sent again. Ask for a new link instead.',
  resendPending: 'This message is already waiting to be sent.',
  resent: 'The message will be sent again shortly.',
  deleted: 'Message deleted.',
} as const;

export const OutboxItemSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  kind: z.string(),
  status: z.enum(outboxStatuses),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type OutboxItem = z.infer<typeof OutboxItemSchema>;

export const OutboxPageSchema = z.object({
  /** False when SMTP_URL is not set: mail stays here until someone passes it on. */
  smtpConfigured: z.boolean(),
  counts: z.object({ pending: z.number(), sent: z.number(), failed: z.number() }),
  mails: z.array(OutboxItemSchema),
  /** Pass as `before` for the next (older) page; null on the last one. */
  nextCursor: z.string().nullable(),
});
export type OutboxPage = z.infer<typeof OutboxPageSchema>;

export const OutboxQuerySchema = z.object({
  status: z.enum(outboxStatuses).optional(),
  before: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

/** GET /api/admin/outbox: the page after `before`, a nextCursor this list gave, checked as every list's cursor is. */
export const OutboxListQuerySchema = OutboxQuerySchema.extend({
  before: PageCursorSchema.optional(),
});

export const OutboxMailSchema = OutboxItemSchema.extend({
  text: z.string(),
  replyTo: z.string().nullable(),
});
export type OutboxMail = z.infer<typeof OutboxMailSchema>;

/** What the admin navigation's Outbox badge counts: mail and webhook notices that failed. */
export const FailedCountSchema = z.object({ failed: z.number(), failedWebhooks: z.number() });
export type FailedCount = z.infer<typeof FailedCountSchema>;

// Run notices to people's webhooks, kept until delivered and retried for a day (the
// Outbox's second list). Neither the address nor the signing secret is ever shown: the
// address of a Slack webhook is its key.

export const webhookDeliveryMessages = {
  notFound: 'That webhook notice is no longer kept.',
  resendNotFailed: 'Only a notice that failed can be sent again.',
  resent: 'The notice will be sent again shortly.',
} as const;

export const WebhookDeliverySchema = z.object({
  id: z.string(),
  /** Whose webhook it was for. */
  to: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  /** run.failed or run.skipped. */
  event: z.string(),
  status: z.enum(outboxStatuses),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  /** When a waiting notice is tried next. */
  nextAttemptAt: z.string(),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

export const WebhookDeliveryPageSchema = z.object({
  counts: z.object({ pending: z.number(), sent: z.number(), failed: z.number() }),
  /** Failed notices first, then the others; newest first within each. */
  deliveries: z.array(WebhookDeliverySchema),
  /** Pass as `before` for the next page; null on the last one. */
  nextCursor: z.string().nullable(),
});
export type WebhookDeliveryPage = z.infer<typeof WebhookDeliveryPageSchema>;

/**
 * Where the next page of webhook notices starts: which part of the list the last row was
 * in (failed ones come first), then its position as every paged list gives it,
 * e.g. `failed|2026-11-26T09:15:02.123456Z|0b6f…`.
 */
export const WebhookCursorSchema = z
  .string()
  .max(110, pageCursorMessage)
  .refine((cursor) => {
    const [part, ...position] = cursor.split('|');
    return (
      (part === 'failed' || part === 'other') &&
      PageCursorSchema.safeParse(position.join('|')).success
    );
  }, pageCursorMessage);

export const WebhookDeliveryQuerySchema = OutboxQuerySchema.extend({
  before: WebhookCursorSchema.optional(),
});
