import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type * as Nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { privateFileMode, privateFolderMode } from '../operations/private-files.ts';

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
 * written as an .eml file. The log names the file only: a link inside holds a token, and a subject
 * may carry health data (an inquiry's title).
 */
export function outboxMailer(directory: string, from: string, log: FastifyBaseLogger): Mailer {
  const transport = lazyTransport((nodemailer) =>
    nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
  );
  return {
    async send(message) {
      const info = await (await transport.get()).sendMail({ from, ...message });
      await mkdir(directory, { recursive: true, mode: privateFolderMode });
      const file = join(directory, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`);
      await writeFile(file, info.message as Buffer, { mode: privateFileMode });
      log.info({ file }, 'mail written to the outbox');
    },
    close: transport.close,
  };
}
