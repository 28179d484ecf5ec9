import { afterAll } from 'vitest';
import { createSmtpCatcher } from './smtp-server.ts';

// The SMTP catcher for API tests, closed after the file's tests.

export type { CaughtMail } from './smtp-server.ts';

export async function startSmtpCatcher() {
  const catcher = await createSmtpCatcher();
  afterAll(() => catcher.close());
  return catcher;
}
