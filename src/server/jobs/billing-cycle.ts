import type { FastifyBaseLogger } from 'fastify';
import type { InvoicingConfig } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { runBillingCycle } from '#server/features/billing/local/billing-cycle.ts';
import type { Job } from './runner.ts';

// Runs the local provider's billing cycle once at start and then every hour, so a lapsed
// plan stops within the hour and renewals go out on time, with nobody opening Billing.
// Zoho runs its own cycle and tells us by webhook. Each step is a conditional update;
// one instance at a time works through the book.

export const BILLING_CYCLE_INTERVAL_MS = 60 * 60_000;

export function billingCycleJob(db: Db, config: InvoicingConfig, log?: FastifyBaseLogger): Job {
  return {
    name: 'billing-cycle',
    title: 'Billing cycle (renewals, past due, trials)',
    schedule: { everyMs: BILLING_CYCLE_INTERVAL_MS },
    singleton: true,
    async run() {
      const report = await runBillingCycle(db, config);
      if (report.renewalsIssued + report.pastDue + report.trialsEnded > 0) {
        log?.info(report, 'billing cycle');
      }
    },
  };
}
