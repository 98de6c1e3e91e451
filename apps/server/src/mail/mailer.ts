import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type * as Nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  /** Where an answer goes, when not to the sender. */
  replyTo?: string | undefined;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** A nodemailer transport made at the first message: nodemailer loads then, not with every start of the server. */
function lazyTransport(make: (nodemailer: typeof Nodemailer) => Nodemailer.Transporter): {
  get: () => Promise<Nodemailer.Transporter>;
  close: () => void;
} {
  let transport: Promise<Nodemailer.Transporter> | undefined;
  return {
    get: () => (transport ??= import('nodemailer').then(make)),
    close: () =>
      void transport?.then(
        (made) => made.close(),
        () => undefined,
      ),
  };
}

/** SMTP through nodemailer: the production mailer. */
export function smtpMailer(url: string, from: string): Mailer {
  const transport = lazyTransport((nodemailer) => nodemailer.createTransport(url));
  return {
    async send(message) {
      await (await transport.get()).sendMail({ from, ...message });
    },
    close: transport.close,
  };
}

/**
 * The embedded default: each message is composed by nodemailer as a real RFC 5322 message and
 * written as an .eml file. The log names the file, never the link inside, which holds a token.
 */
export function outboxMailer(directory: string, from: string, log: FastifyBaseLogger): Mailer {
  const transport = lazyTransport((nodemailer) =>
    nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
  );
  return {
    async send(message) {
      const info = await (await transport.get()).sendMail({ from, ...message });
      await mkdir(directory, { recursive: true });
      const file = join(directory, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      log.info({ file, subject: message.subject }, 'mail written to the outbox');
    },
    close: transport.close,
  };
}
