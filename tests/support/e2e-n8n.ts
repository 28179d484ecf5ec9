import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// The browser tests' server runs a fake n8n beside it (scripts/e2e-server.mjs), with
// N8N_API_URL and N8N_API_KEY pointing at it, so runs are followed up as in production.
// Its address is written here for the tests to build webhook URLs from.

export const e2eN8nFile = (port: string | number = process.env.E2E_PORT ?? 3100) =>
  join(tmpdir(), `e2e-n8n-${port}.json`);

/** The fake n8n's base URL, e.g. http://127.0.0.1:41234. */
export const e2eN8nUrl = (): string =>
  (JSON.parse(readFileSync(e2eN8nFile(), 'utf8')) as { url: string }).url;
