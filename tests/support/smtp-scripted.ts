import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll } from 'vitest';
import type { CaughtMail } from './smtp-server.ts';

// A real SMTP server (no STARTTLS) whose answer after DATA each test decides: at once,
// after a wait, or a refusal with a given code. It records logins, to show what a client
// sent in clear, and counts messages whose DATA ended even when it refused them.

export interface ScriptedSmtp {
  /** smtp://host:port, without credentials. */
  url: string;
  /** Messages answered 250. */
  received: CaughtMail[];
  /** Messages whose DATA reached its end, answered or not. */
  dataEnded: number;
  logins: { user: string; password: string }[];
}

/** Resolve to accept, throw (with responseCode) to refuse; may take its time. */
export type DataAnswer = (mail: CaughtMail, nth: number) => Promise<void> | void;

export const refusal = (responseCode: number, message = 'Refused') =>
  Object.assign(new Error(message), { responseCode });

export async function startScriptedSmtp(
  options: { host?: string; answer?: DataAnswer } = {},
): Promise<ScriptedSmtp> {
  const answer = options.answer ?? (() => {});
  const state: ScriptedSmtp = { url: '', received: [], dataEnded: 0, logins: [] };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      state.logins.push({ user: auth.username ?? '', password: auth.password ?? '' });
      callback(null, { user: auth.username });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail: CaughtMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString(),
        };
        state.dataEnded++;
        Promise.resolve()
          .then(() => answer(mail, state.dataEnded))
          .then(
            () => {
              state.received.push(mail);
              callback();
            },
            (error: Error) => callback(error),
          );
      });
    },
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.server.address() as AddressInfo;
  state.url = `smtp://${host}:${port}`;
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return state;
}

/** A header of a raw message, unfolded. */
export function headerOf(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/)[0]?.replace(/\r?\n[ \t]+/g, ' ') ?? '';
  const line = head
    .split(/\r?\n/)
    .find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

/** A deferred answer: the server holds the message until the test calls release(). */
export function held() {
  let release!: () => void;
  const promise = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}
