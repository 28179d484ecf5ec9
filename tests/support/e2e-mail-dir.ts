import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Where the browser tests' server drops each e-mail it sends, one JSON file a message. */
export const e2eMailDir = (port: string | number = process.env.E2E_PORT ?? 3100) =>
  process.env.E2E_MAIL_DIR ?? join(tmpdir(), `e2e-mail-${port}`);
