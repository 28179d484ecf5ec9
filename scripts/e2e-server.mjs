// The server the browser tests run against: the built product, web and server, on port 3100
// with a fresh embedded database, a known first Admin, an SMTP catcher that drops every
// e-mail into a folder the tests read (tests/e2e/mailbox.ts), and a fake n8n whose public
// API follows up runs (tests/support/e2e-n8n.ts).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { register } from 'tsx/esm/api';

process.env.PORT = process.env.E2E_PORT ?? '3100';
process.env.HOST = '127.0.0.1';
process.env.DATA_DIR = mkdtempSync(join(tmpdir(), 'e2e-data-'));
process.env.ADMIN_EMAIL = process.env.E2E_ADMIN_EMAIL ?? 'admin@example.test';
process.env.ADMIN_PASSWORD = process.env.E2E_ADMIN_PASSWORD ?? 'Admin-Passw0rd1';
process.env.ALLOW_PRIVATE_WEBHOOKS = 'true';
process.env.LOG_LEVEL = process.env.LOG_LEVEL ?? 'warn';
// Passkeys need a host name (browsers refuse an IP address as the relying party): the
// passkey browser test starts its own server with E2E_PUBLIC_URL=http://localhost:<port>.
process.env.PUBLIC_URL = process.env.E2E_PUBLIC_URL ?? `http://127.0.0.1:${process.env.PORT}`;
// Many browser tests sign in from one address; the API tests cover the real limit.
process.env.AUTH_RATE_LIMIT_PER_MINUTE = '1000';
// A failed run notice is tried again a second later, not 30 s (the API tests keep 30 s).
process.env.RETRY_FIRST_DELAY_SECONDS = '1';
// Local invoicing tells clients how to pay: example ACH details and a check address.
process.env.BILLING_ACH_BANK_NAME = 'First Lakes Bank';
process.env.BILLING_ACH_ROUTING_NUMBER = '091000019';
process.env.BILLING_ACH_ACCOUNT_NUMBER = '4417209931';
process.env.BILLING_CHECK_ADDRESS = '200 Lakeview Ave, Suite 410 | Minneapolis, MN 55401';
delete process.env.DATABASE_URL; // browser tests always use the embedded database

register();
const { createSmtpCatcher, decodeQuotedPrintable } = await import(
  '../tests/support/smtp-server.ts'
);
const { e2eMailDir } = await import('../tests/support/e2e-mail-dir.ts');
const mailDir = e2eMailDir(process.env.PORT);
rmSync(mailDir, { recursive: true, force: true });
mkdirSync(mailDir, { recursive: true });
let count = 0;
const catcher = await createSmtpCatcher((mail) => {
  const file = join(mailDir, `${Date.now()}-${count++}.json`);
  writeFileSync(file, JSON.stringify({ ...mail, text: decodeQuotedPrintable(mail.raw) }));
});
process.env.SMTP_URL = catcher.url;

const { createFakeN8n } = await import('../tests/support/fake-n8n-server.ts');
const { e2eN8nFile } = await import('../tests/support/e2e-n8n.ts');
const n8n = await createFakeN8n({ executionDelayMs: 1000 });
const n8nUrl = n8n.url('');
writeFileSync(e2eN8nFile(process.env.PORT), JSON.stringify({ url: n8nUrl }));
process.env.N8N_API_URL = n8nUrl;
process.env.N8N_API_KEY = n8n.apiKey;
// Runs still under way in n8n are asked about every second, not 5 s (the API tests call the job).
process.env.N8N_FOLLOW_UP_SECONDS = '1';
// The alert rules are checked every 2 s, not every minute (the API tests call the evaluation).
process.env.ALERTS_EVERY_SECONDS = '2';

// The server itself is the bundle `npm start` runs (docs/decisions/032), one folder per port
// so parallel runs do not overwrite each other's.
const { bundleServer } = await import('./server-bundle.mjs');
const bundle = bundleServer(`.tmp/e2e-server-${process.env.PORT}`);
process.setSourceMapsEnabled(true);
// React's production build renders the mail, as under npm start.
process.env.NODE_ENV ??= 'production';
await import(bundle);
