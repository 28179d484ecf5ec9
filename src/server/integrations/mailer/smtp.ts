import ipaddr from 'ipaddr.js';
import nodemailer from 'nodemailer';

// The one module that speaks SMTP. Everything else queues mail in the outbox.

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  /** The HTML alternative of `text` (multipart/alternative); plain text only when absent. */
  html?: string;
  /** Files sent with the message, their content in base64 (as the outbox stores them). */
  attachments?: readonly { filename: string; contentType: string; contentBase64: string }[];
  replyTo?: string | null;
  /** With angle brackets. The same on every attempt, so a repeated delivery is recognisable. */
  messageId?: string;
  /** When the message was written (queued), not when this attempt happens. */
  date?: Date;
}

export interface MailTransport {
  /** Throws PermanentMailError when the server refused the message for good. */
  send(mail: OutgoingMail): Promise<void>;
  /** Opens a connection and says hello; throws when the server cannot be reached. */
  verify(): Promise<void>;
  close(): void;
}

export interface SmtpTimeouts {
  connectionTimeout: number;
  greetingTimeout: number;
  socketTimeout: number;
}

const MINUTE = 60_000;

/**
 * RFC 5321 §4.5.3.2. nodemailer counts connecting, the 220 greeting and a STARTTLS upgrade
 * against connectionTimeout, so it gets the greeting's 5 minutes too. socketTimeout is the
 * idle time allowed while waiting for any reply; the longest wait the RFC names is the final
 * answer after DATA (10 minutes). Giving up sooner than the server does means a message the
 * server went on to accept is sent again.
 */
export const RFC_5321_TIMEOUTS: SmtpTimeouts = {
  connectionTimeout: 5 * MINUTE,
  greetingTimeout: 5 * MINUTE,
  socketTimeout: 10 * MINUTE,
};

/** verify() has a person waiting on the environment page and sends no message: fail fast. */
const VERIFY_TIMEOUTS: SmtpTimeouts = {
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 10_000,
};

/** The server answered this message with a permanent (5xx) refusal: retrying cannot help. */
export class PermanentMailError extends Error {
  constructor(message: string, options: { cause: unknown }) {
    super(message, options);
    this.name = 'PermanentMailError';
  }
}

export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  // process() turns ::ffff:127.0.0.1 into 127.0.0.1, so a mapped address counts as what it is.
  return ipaddr.isValid(host) && ipaddr.process(host).range() === 'loopback';
}

/**
 * Credentials and mail must not cross a network in clear, and opportunistic STARTTLS is
 * skipped silently when an attacker strips it from the EHLO answer: require it, except on
 * loopback (nothing crosses a wire) and smtps:// (TLS from the first byte). A URL that
 * sets requireTLS itself (e.g. `?requireTLS=false` for a relay without TLS) decides alone:
 * nodemailer lets URL parameters win over the options next to them.
 */
export function requiresStartTls(url: URL): boolean {
  return url.protocol !== 'smtps:' && !isLoopbackHost(url.hostname);
}

/** nodemailer options for SMTP_URL; parameters written in the URL win over these. */
export function smtpOptions(url: string, timeouts: SmtpTimeouts = RFC_5321_TIMEOUTS) {
  return { url, ...timeouts, requireTLS: requiresStartTls(new URL(url)) };
}

/** A refusal of this message (MAIL FROM, RCPT TO, DATA), not of the session. */
function isPermanentRefusal(error: unknown): boolean {
  const { permanent, code } = error as { permanent?: boolean; code?: string };
  // A 5xx to AUTH or the greeting is a configuration problem that fails every message
  // alike: those keep retrying, so mail goes out once the operator fixes SMTP_URL.
  return permanent === true && (code === 'EENVELOPE' || code === 'EMESSAGE');
}

export function createSmtpTransport(
  url: string,
  timeouts: SmtpTimeouts = RFC_5321_TIMEOUTS,
): MailTransport {
  const transport = nodemailer.createTransport(smtpOptions(url, timeouts));
  return {
    async send(mail) {
      try {
        await transport.sendMail({
          from: mail.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          attachments: mail.attachments?.map((file) => ({
            filename: file.filename,
            content: Buffer.from(file.contentBase64, 'base64'),
            contentType: file.contentType,
          })),
          replyTo: mail.replyTo ?? undefined,
          messageId: mail.messageId,
          date: mail.date,
        });
      } catch (error) {
        if (!isPermanentRefusal(error)) throw error;
        throw new PermanentMailError((error as Error).message, { cause: error });
      }
    },
    async verify() {
      const probe = nodemailer.createTransport(smtpOptions(url, VERIFY_TIMEOUTS));
      try {
        await probe.verify();
      } finally {
        probe.close();
      }
    },
    close: () => transport.close(),
  };
}
