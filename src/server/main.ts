import type { AddressInfo } from 'node:net';
import { buildApp } from '#server/app.ts';
import { createTokenService } from '#server/auth/tokens.ts';
import { ConfigError, loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';
import { DataDirLockedError, lockDataDir } from '#server/db/data-dir-lock.ts';
import {
  keepNewFilesPrivate,
  tightenDataDir,
  tightenedMessage,
} from '#server/db/private-data-dir.ts';
import { seed } from '#server/db/seed/index.ts';
import { drainRuns, interruptRunsInFlight } from '#server/domain/runs/in-flight.ts';
import { createSharedTokenStore } from '#server/features/billing/zoho/shared-token-store.ts';
import { resetAdminIpLockOnStart } from '#server/features/security/lock-reset.ts';
import { loggerOptions } from '#server/http/logging.ts';
import { createSmtpTransport } from '#server/integrations/mailer/smtp.ts';
import { createN8nApi } from '#server/integrations/n8n/api.ts';
import { createWebhookCaller } from '#server/integrations/n8n/webhook.ts';
import { createStripeClient } from '#server/integrations/stripe/client.ts';
import { createZohoClient } from '#server/integrations/zoho/client.ts';
import { alertsJob } from '#server/jobs/alerts.ts';
import { startBackupJob } from '#server/jobs/backup.ts';
import { billingCycleJob } from '#server/jobs/billing-cycle.ts';
import { followUpJob } from '#server/jobs/n8n-follow-up.ts';
import { notificationJobs } from '#server/jobs/notifications.ts';
import { createOutboxSender } from '#server/jobs/outbox-sender.ts';
import { retentionJob } from '#server/jobs/retention.ts';
import { recoverRunsAtStart } from '#server/jobs/run-recovery.ts';
import { createSchedulerLoop } from '#server/jobs/scheduler-loop.ts';
import { serviceReportsJob } from '#server/jobs/service-reports.ts';
import { resolveJwtSecret } from '#server/secrets.ts';
import { firstAdminNotice, startBanner } from '#server/start-banner.ts';

// Reads config, opens and migrates the database, seeds, listens, and shuts down cleanly
// on SIGTERM/SIGINT.

/** pino's flush: what its (asynchronous) destination still holds is written, then cb. */
type Flushable = { flush(cb: () => void): void };

async function main() {
  // Before anything is written: DATA_DIR holds secrets (docs/decisions/011-backups.md).
  keepNewFilesPrivate();
  const config = loadConfig();
  const tightened = tightenDataDir(config.dataDir);
  const releaseLock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  const report = await seed(database.db, { admin: config.admin });
  if (await resetAdminIpLockOnStart(database.db, config.adminIpLockReset)) {
    console.warn(
      'ADMIN_IP_LOCK_RESET=true: the admin IP lock was removed. Unset it before the next start.',
    );
  }

  const jwtSecret = resolveJwtSecret(config.jwtSecret, config.dataDir);
  const tokens = createTokenService(jwtSecret);
  const n8n = createWebhookCaller({ allowPrivate: config.allowPrivateWebhooks });
  const mailer = config.smtpUrl ? createSmtpTransport(config.smtpUrl) : null;
  // Instances sharing PostgreSQL share one Zoho access token; the embedded database is one.
  const zohoTokens =
    database.kind === 'postgres' ? createSharedTokenStore(database.db, jwtSecret) : undefined;
  const zoho = config.zoho ? createZohoClient(config.zoho, zohoTokens) : null;
  const stripe =
    config.billingProvider === 'stripe' && config.stripe.secretKey
      ? createStripeClient({ secretKey: config.stripe.secretKey, apiUrl: config.stripe.apiUrl })
      : null;
  const app = await buildApp(
    {
      config,
      database,
      tokens,
      integrations: { n8n, mailer, zoho, stripe },
      limits: { auth: { max: config.authRateLimitPerMinute, timeWindowMs: 60_000 } },
    },
    // Human-readable lines on a terminal, JSON lines for whatever collects them otherwise.
    {
      logger: loggerOptions(config.logLevel, { pretty: process.stdout.isTTY, syncStdout: true }),
      serveWeb: true,
    },
  );
  for (const warning of config.warnings) app.log.warn(warning);
  if (tightened > 0) {
    app.log.warn(
      { dataDir: config.dataDir, count: tightened },
      tightenedMessage(config.dataDir, tightened),
    );
  }
  if (report.firstAdmin) {
    // A generated password is printed once by the start banner below, never logged.
    app.log.info({ email: report.firstAdmin.email }, 'Created the first Admin account');
  }

  const { metrics, jobs } = app;
  const runRecovery = await recoverRunsAtStart(database, app.log, metrics);
  const { apiUrl, apiKey } = config.n8n;
  const n8nApi = apiUrl && apiKey ? createN8nApi({ url: apiUrl, apiKey }) : null;
  const scheduler = createSchedulerLoop({
    db: database.db,
    n8n,
    log: app.log,
    metrics,
    n8nApi,
    notifier: app.notifier,
    concurrency: config.schedulerConcurrency,
  });
  const sender = mailer
    ? createOutboxSender({
        db: database.db,
        transport: mailer,
        from: config.mailFrom,
        log: app.log,
        metrics,
        firstRetryMs: config.firstRetryMs,
      })
    : null;
  if (!mailer) app.log.warn('SMTP_URL is not set: e-mail is kept in the outbox table, not sent.');
  // Every background loop is a job of one runner, started once the server listens
  // (docs/decisions/023-one-job-runner.md); added in the order the Environment screen lists.
  jobs.add(scheduler.job);
  if (sender) jobs.add(sender.job);
  for (const job of notificationJobs(app.notifier, app.log)) jobs.add(job);
  if (n8nApi) {
    const { followUpMs: intervalMs } = config.n8n;
    jobs.add(
      followUpJob({
        db: database.db,
        api: n8nApi,
        log: app.log,
        notifier: app.notifier,
        intervalMs,
      }),
    );
  }
  jobs.add(runRecovery);
  if (config.billingProvider === 'local')
    jobs.add(billingCycleJob(database.db, config.invoicing, app.log));
  jobs.add(retentionJob(database.db, config.auditRetentionDays, app.log));
  jobs.add(
    serviceReportsJob(
      database.db,
      {
        billing: { provider: config.billingProvider, timeZone: config.invoicing.timeZone },
        publicUrl: config.publicUrl,
      },
      app.log,
    ),
  );
  jobs.add(
    alertsJob(
      {
        db: database.db,
        publicUrl: config.publicUrl,
        allowPrivate: config.allowPrivateWebhooks,
        log: app.log,
        n8nApi,
        smtpConfigured: mailer !== null,
      },
      config.alertsEveryMs,
    ),
  );
  // Embedded database only (docs/decisions/011): PostgreSQL is backed up with pg_dump.
  const backups =
    database.kind === 'pglite'
      ? await startBackupJob({ database, config, log: app.log, runner: jobs })
      : null;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Runs under way get the default webhook timeout to finish (a service manager waits
    // about that long for a stop); what is left then, such as a process allowed ten
    // minutes, is marked interrupted, so no run stays `running` for ever.
    const graceMs = n8n.timeoutMs + 5_000;
    const timer = setTimeout(() => process.exit(1), graceMs + 10_000).unref();
    try {
      const stopped = Promise.all([app.close(), scheduler.stop()]);
      if (!(await drainRuns(graceMs))) {
        const count = await interruptRunsInFlight(database.db);
        app.log.warn({ count }, 'runs still under way at shutdown marked interrupted');
      }
      await Promise.race([stopped, new Promise((resolve) => setTimeout(resolve, 1_000))]);
      // No job starts from here, and the ones under way end before the database closes.
      await jobs.stop();
      mailer?.close();
      await backups?.stop();
      await database.close();
    } finally {
      releaseLock();
      clearTimeout(timer);
    }
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    // The generated password is shown once: a taken port must not lose it.
    if (report.firstAdmin?.generatedPassword) console.log(firstAdminNotice(report.firstAdmin));
    throw error;
  }
  const { port } = app.server.address() as AddressInfo;
  // Log lines still queued go out first, so the banner is the last thing on the screen.
  await new Promise<void>((resolve) => (app.log as typeof app.log & Flushable).flush(resolve));
  // On stdout, not in the log: it may hold the first Admin's generated password.
  console.log(startBanner({ config, port, firstAdmin: report.firstAdmin }));
  jobs.start();
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error('The server could not start:', error);
  }
  process.exit(1);
});
