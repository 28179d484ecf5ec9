import { buildApp } from '#server/app.ts';
import { createTokenService } from '#server/auth/tokens.ts';
import { ConfigError, loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';
import { DataDirLockedError, lockDataDir } from '#server/db/data-dir-lock.ts';
import { seed } from '#server/db/seed/index.ts';
import { drainRuns, interruptRunsInFlight } from '#server/domain/runs/in-flight.ts';
import { resetAdminIpLockOnStart } from '#server/features/security/lock-reset.ts';
import { loggerOptions } from '#server/http/logging.ts';
import { createSmtpTransport } from '#server/integrations/mailer/smtp.ts';
import { createWebhookCaller } from '#server/integrations/n8n/webhook.ts';
import { createZohoClient } from '#server/integrations/zoho/client.ts';
import { createOutboxSender } from '#server/jobs/outbox-sender.ts';
import { startRetentionJob } from '#server/jobs/retention.ts';
import { startRunRecovery } from '#server/jobs/run-recovery.ts';
import { createSchedulerLoop } from '#server/jobs/scheduler-loop.ts';
import { resolveJwtSecret } from '#server/secrets.ts';

// Reads config, opens and migrates the database, seeds, listens, and shuts down cleanly
// on SIGTERM/SIGINT.

async function main() {
  const config = loadConfig();
  const releaseLock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  const report = await seed(database.db, { admin: config.admin });
  if (await resetAdminIpLockOnStart(database.db, config.adminIpLockReset)) {
    console.warn(
      'ADMIN_IP_LOCK_RESET=true: the admin IP lock was removed. Unset it before the next start.',
    );
  }

  const tokens = createTokenService(resolveJwtSecret(config.jwtSecret, config.dataDir));
  const n8n = createWebhookCaller({ allowPrivate: config.allowPrivateWebhooks });
  const mailer = config.smtpUrl ? createSmtpTransport(config.smtpUrl) : null;
  const zoho = config.zoho ? createZohoClient(config.zoho) : null;
  const app = await buildApp(
    {
      config,
      database,
      tokens,
      integrations: { n8n, mailer, zoho },
      limits: { auth: { max: config.authRateLimitPerMinute, timeWindowMs: 60_000 } },
    },
    { logger: loggerOptions(config.logLevel), serveWeb: true },
  );
  if (report.firstAdmin) {
    const { email, generatedPassword } = report.firstAdmin;
    app.log.info({ email }, 'Created the first Admin account');
    if (generatedPassword) {
      // Printed once, on purpose, so the operator can sign in; it is never stored in clear.
      console.log(`\n  First Admin: ${email}\n  Password:    ${generatedPassword}\n`);
    }
  }

  const stopRunRecovery = await startRunRecovery(database, n8n.timeoutMs, app.log);
  const scheduler = createSchedulerLoop({ db: database.db, n8n, log: app.log });
  const stopRetention = startRetentionJob(database.db, config.auditRetentionDays, app.log);
  const sender = mailer
    ? createOutboxSender({
        db: database.db,
        transport: mailer,
        from: config.mailFrom,
        log: app.log,
      })
    : null;
  if (!mailer) app.log.warn('SMTP_URL is not set: e-mail is kept in the outbox table, not sent.');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Runs under way get up to the webhook timeout to finish; what is left then is
    // marked interrupted, so no run stays `running` for ever.
    const graceMs = n8n.timeoutMs + 5_000;
    const timer = setTimeout(() => process.exit(1), graceMs + 10_000).unref();
    try {
      const stopped = Promise.all([app.close(), scheduler.stop()]);
      if (!(await drainRuns(graceMs))) {
        const count = await interruptRunsInFlight(database.db);
        app.log.warn({ count }, 'runs still under way at shutdown marked interrupted');
      }
      await Promise.race([stopped, new Promise((resolve) => setTimeout(resolve, 1_000))]);
      stopRetention();
      stopRunRecovery();
      await sender?.stop();
      mailer?.close();
      await database.close();
    } finally {
      releaseLock();
      clearTimeout(timer);
    }
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  scheduler.start();
  sender?.start();
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error('The server could not start:', error);
  }
  process.exit(1);
});
