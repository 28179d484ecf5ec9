import { audit } from '#server/domain/audit/audit.ts';
import { alertsScreenPath } from '#shared/alerts.ts';
import { brand } from '#shared/brand.ts';
import {
  type AlertChannels,
  type AlertMessage,
  postAlertWebhook,
  queueAlertMails,
  renderAlertMail,
} from './deliver.ts';
import type { StoredAlertSettings } from './settings.ts';

// A test alert to every saved address and the webhook, sent now: the admin reads on the
// page what went where.

export async function sendTestAlert(
  channels: AlertChannels,
  settings: StoredAlertSettings,
  actor: { id: string; ip: string },
) {
  const message: AlertMessage = {
    event: 'alert.test',
    subject: `Test alert from ${brand.name}`,
    lines: [
      'This is a test alert: alerts reach this address.',
      '',
      'Real alerts say which client and process, since when and how many runs failed in a row, and a second message tells when it clears.',
    ],
    link: `${channels.publicUrl}${alertsScreenPath}`,
    linkLabel: 'Alert settings',
  };
  await queueAlertMails(channels.db, settings.emails, await renderAlertMail(message));
  const webhookStatus = await postAlertWebhook(
    channels,
    { url: settings.webhookUrl, secret: settings.webhookSecret },
    message,
  );
  await audit(channels.db, {
    source: 'alerts',
    message: 'Test alert sent',
    actorId: actor.id,
    ip: actor.ip,
    details: { emails: settings.emails.length, webhookStatus },
  });
  return { emails: settings.emails.length, webhookStatus };
}

/** What the admin reads after a test: where it went, and the webhook's answer. */
export function testAlertText(emails: number, webhookStatus: number | null): string {
  const parts: string[] = [];
  if (emails > 0) {
    parts.push(`Test alert mailed to ${emails} ${emails === 1 ? 'address' : 'addresses'}.`);
  }
  if (webhookStatus !== null) {
    const ok = webhookStatus >= 200 && webhookStatus < 300;
    if (ok) {
      parts.push(
        `${emails > 0 ? 'Also posted' : 'Test alert posted'} to the webhook, which answered ${webhookStatus}.`,
      );
    } else {
      parts.push(
        webhookStatus === 0
          ? 'The webhook could not be reached.'
          : `The webhook answered ${webhookStatus}.`,
      );
    }
  }
  return parts.join(' ');
}
