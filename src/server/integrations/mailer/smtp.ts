import nodemailer from 'nodemailer';

// The one module that speaks SMTP. Everything else queues mail in the outbox.

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  replyTo?: string | null;
}

export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  /** Opens a connection and says hello; throws when the server cannot be reached. */
  verify(): Promise<void>;
  close(): void;
}

export function createSmtpTransport(url: string): MailTransport {
  const parsed = new URL(url);
  parsed.searchParams.set('connectionTimeout', '10000');
  parsed.searchParams.set('greetingTimeout', '10000');
  parsed.searchParams.set('socketTimeout', '20000');
  const transport = nodemailer.createTransport(parsed.toString());
  return {
    async send(mail) {
      await transport.sendMail({
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        replyTo: mail.replyTo ?? undefined,
      });
    },
    async verify() {
      await transport.verify();
    },
    close: () => transport.close(),
  };
}
