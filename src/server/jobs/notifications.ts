import type { FastifyBaseLogger } from 'fastify';
import type { Notifier } from '#server/domain/notifications/notifier.ts';

// Every minute: tell the run events counted during a burst once its window has passed,
// and send the daily summaries that are due. Both claim their rows with conditional
// updates, so instances running this together send each notice once.
//
// Every few seconds: try again the webhook notices whose back-off has run out (their first
// try is made when the notice is decided). Claims are leases, so instances share them.

export const NOTIFICATION_JOB_INTERVAL_MS = 60_000;
export const WEBHOOK_RETRY_INTERVAL_MS = 5_000;

export function startNotificationJob(notifier: Notifier, log?: FastifyBaseLogger) {
  const run = async () => {
    try {
      const held = await notifier.flushHeld();
      const summaries = await notifier.dailySummaries();
      if (held + summaries > 0) log?.info({ held, summaries }, 'notifications sent');
    } catch (error) {
      log?.error({ err: error }, 'notification job failed');
    }
  };
  let retrying = false;
  const retry = async () => {
    // One round at a time: a round of slow listeners may outlast the interval.
    if (retrying) return;
    retrying = true;
    try {
      await notifier.deliverWebhooks();
    } catch (error) {
      log?.error({ err: error }, 'webhook retry failed');
    } finally {
      retrying = false;
    }
  };
  const timers = [
    setInterval(run, NOTIFICATION_JOB_INTERVAL_MS),
    setInterval(retry, WEBHOOK_RETRY_INTERVAL_MS),
  ];
  for (const timer of timers) timer.unref();
  return () => {
    for (const timer of timers) clearInterval(timer);
  };
}
