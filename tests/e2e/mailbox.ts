import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { e2eMailDir } from '../support/e2e-mail-dir.ts';
import { expect } from './fixtures.ts';

// The e-mails the browser tests' server sent (scripts/e2e-server.mjs catches them).

export interface SentMail {
  from: string;
  to: string[];
  raw: string;
  /** The raw message with quoted-printable encoding undone, for finding links. */
  text: string;
}

function readAll(): SentMail[] {
  const dir = e2eMailDir();
  return readdirSync(dir)
    .sort()
    .map((file) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as SentMail);
}

/** Every e-mail to `to` so far whose text matches, oldest first. */
export function mailsTo(to: string, match: RegExp = /./): SentMail[] {
  return readAll().filter((m) => m.to.includes(to.toLowerCase()) && match.test(m.text));
}

/**
 * Waits for the newest e-mail to `to` whose text matches, e.g. a link pattern. The server's
 * outbox sends every 2 s; the catcher writes each mail to a file as it arrives.
 */
export async function waitForMail(to: string, match: RegExp = /./, timeoutMs = 15_000) {
  let mail: SentMail | undefined;
  await expect
    .poll(
      () => {
        mail = readAll()
          .reverse()
          .find((m) => m.to.includes(to.toLowerCase()) && match.test(m.text));
        return mail !== undefined;
      },
      { message: `an e-mail to ${to} matching ${match}`, timeout: timeoutMs },
    )
    .toBe(true);
  return mail as SentMail;
}

/** The first link in a mail that starts with the server's address and the given path. */
export function linkIn(mail: SentMail, pathPrefix: string): string {
  const escaped = pathPrefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const found = mail.text.match(new RegExp(`https?://[^\\s"'<>]*${escaped}[^\\s"'<>]*`));
  if (!found) throw new Error(`no ${pathPrefix} link in the e-mail`);
  return found[0];
}
