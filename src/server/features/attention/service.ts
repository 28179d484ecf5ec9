import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import type { Attention } from '#shared/attention.ts';
import { billingToLookAt } from './billing.ts';
import { failingProcesses, openAlerts } from './failing.ts';
import { catalogWaiting, mailToLookAt, manualRunsWaiting, newEnquiries } from './queues.ts';
import { runsToLookAt } from './runs.ts';
import { environmentKeys, setupSteps } from './setup.ts';

// Today (/admin): every section read at once, each a few rows through its own index, so
// the screen costs the same with ten million runs as with ten.

export async function attentionToday(db: Db, config: Config, now = new Date()): Promise<Attention> {
  const [failing, alerts, runs, billing, requests, manualRuns, mail, enquiries, setup] =
    await Promise.all([
      failingProcesses(db),
      openAlerts(db),
      runsToLookAt(db, now),
      billingToLookAt(db, config.invoicing.timeZone, now),
      catalogWaiting(db),
      manualRunsWaiting(db),
      mailToLookAt(db, Boolean(config.smtpUrl)),
      newEnquiries(db, now),
      setupSteps(db, config),
    ]);
  return {
    failing,
    alerts,
    runs,
    billing,
    requests,
    manualRuns,
    mail,
    enquiries,
    environmentKeys: environmentKeys(config),
    setup,
  };
}
