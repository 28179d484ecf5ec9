import { networkInterfaces } from 'node:os';
import { describe, expect, it, vi } from 'vitest';
import { headerOf, refusal, startScriptedSmtp } from '#test/support/smtp-scripted.ts';
import {
  createSmtpTransport,
  isLoopbackHost,
  PermanentMailError,
  RFC_5321_TIMEOUTS,
  smtpOptions,
} from './smtp.ts';

// The SMTP module against real smtp-server instances: how long it waits, when it insists on
// STARTTLS, and which refusals are final.

const mail = { from: 'site@example.test', to: 'jo@example.com', subject: 'Hi', text: 'Hello' };
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const MINUTE = 60_000;

/** An address of this machine that is not loopback, where the test can listen. */
function lanAddress(): string {
  const found = Object.values(networkInterfaces())
    .flat()
    .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;
  if (!found)
    throw new Error('This test needs a network interface with a non-loopback IPv4 address.');
  return found;
}

describe('timeouts', () => {
  it('follow RFC 5321 §4.5.3.2 by default: 10 minutes for the answer after DATA', () => {
    const options = smtpOptions('smtp://127.0.0.1:2525');
    expect(options.socketTimeout).toBeGreaterThanOrEqual(10 * MINUTE);
    expect(options.greetingTimeout).toBeGreaterThanOrEqual(5 * MINUTE);
    expect(options.connectionTimeout).toBeGreaterThanOrEqual(5 * MINUTE);
    expect(RFC_5321_TIMEOUTS.socketTimeout).toBe(10 * MINUTE);
  });

  it('waits for a slow final answer after DATA for as long as socketTimeout allows', async () => {
    // A server slow to answer DATA: its delay is the behaviour under test.
    const server = await startScriptedSmtp({ answer: () => sleep(700) });
    const timeouts = { connectionTimeout: 5_000, greetingTimeout: 5_000 };
    const patient = createSmtpTransport(server.url, { ...timeouts, socketTimeout: 3_000 });
    await patient.send(mail);
    expect(server.received).toHaveLength(1);
    // The same server with the old kind of short idle limit: the client gives up while the
    // server goes on to accept the message, and the retry would deliver it a second time.
    const hasty = createSmtpTransport(server.url, { ...timeouts, socketTimeout: 200 });
    await expect(hasty.send(mail)).rejects.toThrow(/timeout/i);
    await vi.waitFor(() => expect(server.received).toHaveLength(2), 5_000);
  });
});

describe('STARTTLS', () => {
  it('is required unless the host is loopback or the URL is smtps://', () => {
    for (const url of [
      'smtp://u:p@mail.example.com:587',
      'smtp://192.0.2.10:25',
      'smtp://[2001:db8::1]:25',
    ]) {
      expect(smtpOptions(url).requireTLS, url).toBe(true);
    }
    for (const url of [
      'smtp://127.0.0.1:25',
      'smtp://127.8.9.10:25',
      'smtp://[::1]:25',
      'smtp://localhost:25',
      'smtps://u:p@mail.example.com:465',
    ]) {
      expect(smtpOptions(url).requireTLS, url).toBe(false);
    }
    expect(isLoopbackHost('::ffff:127.0.0.1')).toBe(true);
    expect(isLoopbackHost('mail.example.com')).toBe(false);
  });

  it('never sends credentials in clear to a non-loopback host', async () => {
    const server = await startScriptedSmtp({ host: lanAddress() });
    const url = server.url.replace('smtp://', 'smtp://mailer:s3cret@');
    const transport = createSmtpTransport(url);
    await expect(transport.send(mail)).rejects.toThrow(/STARTTLS|TLS/i);
    expect(server.logins).toEqual([]);
    expect(server.received).toEqual([]);
  });

  it('can be turned off in the URL with requireTLS=false', async () => {
    const server = await startScriptedSmtp({ host: lanAddress() });
    const url = `${server.url.replace('smtp://', 'smtp://mailer:s3cret@')}?requireTLS=false`;
    await createSmtpTransport(url).send(mail);
    expect(server.logins).toEqual([{ user: 'mailer', password: 's3cret' }]);
    expect(server.received).toHaveLength(1);
  });
});

describe('refusals', () => {
  it('a 5xx answer to the message is permanent, a 4xx one is not', async () => {
    const server = await startScriptedSmtp({
      answer: (_mail, nth) => {
        throw nth === 1 ? refusal(550, 'Mailbox unavailable') : refusal(451, 'Try again later');
      },
    });
    const transport = createSmtpTransport(server.url);
    const permanent = await transport.send(mail).catch((error: unknown) => error);
    expect(permanent).toBeInstanceOf(PermanentMailError);
    expect((permanent as Error).message).toMatch(/550/);
    const transient = await transport.send(mail).catch((error: unknown) => error);
    expect(transient).toBeInstanceOf(Error);
    expect(transient).not.toBeInstanceOf(PermanentMailError);
    expect((transient as Error).message).toMatch(/451/);
  });
});

describe('headers', () => {
  it('carries the Message-ID and Date it is given', async () => {
    const server = await startScriptedSmtp();
    const date = new Date('2031-05-01T12:00:00Z');
    await createSmtpTransport(server.url).send({ ...mail, messageId: '<abc@example.test>', date });
    const raw = server.received[0]!.raw;
    expect(headerOf(raw, 'Message-ID')).toBe('<abc@example.test>');
    expect(new Date(headerOf(raw, 'Date')!).getTime()).toBe(date.getTime());
  });
});
