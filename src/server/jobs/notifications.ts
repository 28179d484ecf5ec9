import type { FastifyBaseLogger } from 'fastify';
import type { Notifier } from '#server/domain/notifications/notifier.ts';
import type { Job } from './runner.ts';

// Every minute: tell the run events counted during a burst once its window has passed,
// and send the daily summaries that are due. Both claim their rows with conditional
// updates, so instances running this together send each notice once.
//
// Every few seconds: try again the webhook notices whose back-off has run out (their first
// try is made when the notice is decided). Claims are leases, so instances share them. A
// round of slow listeners may outlast the interval: the runner starts the next one after it.

export const NOTIFICATION_JOB_INTERVAL_MS = 60_000;
export const WEBHOOK_RETRY_INTERVAL_MS = 5_000;

export function notificationJobs(notifier: Notifier, log?: FastifyBaseLogger): Job[] {
  return [
    {
      name: 'notifications',
      title: 'Run notices and daily summaries',
      schedule: {
        everyMs: NOTIFICATION_JOB_INTERVAL_MS,
        firstAfterMs: NOTIFICATION_JOB_INTERVAL_MS,
      },
      async run() {
        const held = await notifier.flushHeld();
        const summaries = await notifier.dailySummaries();
        if (held + summaries > 0) log?.info({ held, summaries }, 'notifications sent');
      },
    },
    {
      name: 'webhook-retries',
      title: 'Webhook notices tried again',
      schedule: { everyMs: WEBHOOK_RETRY_INTERVAL_MS, firstAfterMs: WEBHOOK_RETRY_INTERVAL_MS },
      run: () => notifier.deliverWebhooks(),
    },
  ];
}
