import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/client.ts';
import { alertMail } from '#server/domain/mail/messages/alert.tsx';
import { queueMail } from '#server/domain/mail/outbox.ts';
import { postNotice } from '#server/domain/notifications/webhook-deliveries.ts';

// Telling the consultancy: a mail to each alert address through the outbox (retried by
// the sender job like any mail), and one Slack-compatible JSON call to the alert webhook,
// signed as client notification webhooks are (postNotice: HMAC-SHA256 of
// "<timestamp>.<body>", the same headers), tried once: the mail is the copy that is kept.

export interface AlertChannels {
  db: Db;
  /** PUBLIC_URL: links in alerts are absolute. */
  publicUrl: string;
  allowPrivate: boolean;
  log?: FastifyBaseLogger;
}

export type AlertEvent = 'alert.opened' | 'alert.cleared' | 'alert.test';

/** One alert as both channels say it. */
export interface AlertMessage {
  event: AlertEvent;
  subject: string;
  /** The body's lines, without greeting or link. */
  lines: string[];
  /** Absolute: where to look into it. */
  link: string;
  linkLabel: string;
  /** What a receiver's software reads besides `text`. */
  incident?: Record<string, unknown>;
}

/** The alert's mail, rendered from its component (outside any transaction). */
export const renderAlertMail = (message: AlertMessage) => alertMail(message);

/** Queues the rendered mail to each address (inside the caller's transaction). */
export async function queueAlertMails(
  db: Db,
  emails: readonly string[],
  mail: Awaited<ReturnType<typeof renderAlertMail>>,
) {
  for (const to of emails) await queueMail(db, { kind: 'alert', to, ...mail });
}

/** The webhook's body: Slack reads `text`; other receivers read the rest. */
export function alertWebhookBody(message: AlertMessage): string {
  return JSON.stringify({
    text: `${message.subject}\n${message.lines.join('\n')}\n${message.link}`,
    event: message.event,
    ...(message.incident ? { incident: message.incident } : {}),
    link: message.link,
  });
}

/**
 * Posts the alert to the webhook, signed now: its HTTP status, 0 when it could not be
 * reached, null without a webhook. Never throws: a listener that is down is logged.
 */
export async function postAlertWebhook(
  channels: AlertChannels,
  target: { url: string | null; secret: string | null },
  message: AlertMessage,
): Promise<number | null> {
  if (!target.url || !target.secret) return null;
  try {
    const status = await postNotice(
      { url: target.url, secret: target.secret },
      alertWebhookBody(message),
      channels.allowPrivate,
    );
    if (status < 200 || status >= 300) {
      channels.log?.warn({ status, event: message.event }, 'alert webhook answered an error');
    }
    return status;
  } catch (error) {
    channels.log?.warn({ err: error, event: message.event }, 'alert webhook could not be reached');
    return 0;
  }
}
