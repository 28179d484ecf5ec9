import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/client.ts';
import {
  type MailingOptions,
  mailServiceReports,
} from '#server/features/service-reports/mailing.ts';
import type { Job } from './runner.ts';

// The monthly service reports (docs/decisions/029-operations-console.md): every hour, so
// the first of the month in the billing zone is met within the hour and a server that was
// down then catches up; outside the first days of a month a turn does nothing. Each
// client's report is claimed in service_reports before its mail is queued, so a turn on
// another instance, or again after a restart, mails nobody twice.

export const SERVICE_REPORTS_INTERVAL_MS = 60 * 60_000;

export function serviceReportsJob(
  db: Db,
  options: Omit<MailingOptions, 'now'>,
  log?: FastifyBaseLogger,
): Job {
  return {
    name: 'service-reports',
    title: 'Monthly service reports',
    schedule: { everyMs: SERVICE_REPORTS_INTERVAL_MS, firstAfterMs: 60_000 },
    singleton: true,
    async run() {
      const result = await mailServiceReports(db, options);
      if (result.mailed > 0) log?.info(result, 'service reports mailed');
    },
  };
}
