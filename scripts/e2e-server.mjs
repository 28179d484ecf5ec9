// The server the browser tests run against: the built product on port 3100 with a
// fresh embedded database and a known first Admin.
import { mkdtempSync } from 'node:fs';
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
// Many browser tests sign in from one address; the API tests cover the real limit.
process.env.AUTH_RATE_LIMIT_PER_MINUTE = '1000';
delete process.env.DATABASE_URL; // browser tests always use the embedded database

register();
await import('../src/server/main.ts');
