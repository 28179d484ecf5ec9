import type { FastifyBaseLogger } from 'fastify';
import type { Notifier } from '#server/domain/notifications/notifier.ts';

// Every minute: tell the run events counted during a burst once its window has passed,
// and send the daily summaries that are due. Both claim their rows with conditional
// updates, so instances running this together send each notice once.

export const NOTIFICATION_JOB_INTERVAL_MS = 60_000;

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
  const timer = setInterval(run, NOTIFICATION_JOB_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
