import type { FastifyBaseLogger } from 'fastify';
import type { InvoicingConfig } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { runBillingCycle } from '#server/features/billing/local/billing-cycle.ts';

// Runs the local provider's billing cycle once at start and then every hour, so a lapsed
// plan stops within the hour (the issue asks for within a day) and renewals go out on
// time, with nobody opening Billing. Zoho runs its own cycle and tells us by webhook.

export const BILLING_CYCLE_INTERVAL_MS = 60 * 60_000;

export function startBillingCycleJob(db: Db, config: InvoicingConfig, log?: FastifyBaseLogger) {
  const run = async () => {
    try {
      const report = await runBillingCycle(db, config);
      if (report.renewalsIssued + report.pastDue + report.trialsEnded > 0) {
        log?.info(report, 'billing cycle');
      }
    } catch (error) {
      log?.error({ err: error }, 'billing cycle failed');
    }
  };
  void run();
  const timer = setInterval(run, BILLING_CYCLE_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
