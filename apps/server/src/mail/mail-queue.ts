import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../context.ts';
import type { Database } from '../db/client.ts';
import type { MailMessage, Mailer } from './mailer.ts';
import { mailMaxAttempts, mailQueueRepository, type QueuedMailRow } from './mail-queue.repository.ts';

/** How long a sender holds the one mail it is sending; one not sent by then may be taken again. */
const leaseMs = 5 * 60_000;

/** The waits after each failed attempt but the last, growing; after the last the mail is dead. */
export const mailRetryDelaysMs = [5, 15, 60, 240].map((minutes) => minutes * 60_000);

/** A pass sends at most this many; the rest waits for the next pass. */
const batchSize = 100;

/** An SMTP 5xx answer: the server will refuse this mail again, so it is not retried. */
const isPermanent = (error: unknown): boolean => {
  const code = (error as { responseCode?: unknown } | undefined)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
};

export interface MailQueue {
  enqueue(tx: Database, messages: readonly MailMessage[]): Promise<number[]>;
  deliver(seqMails: readonly number[]): Promise<void>;
  job: { run(): Promise<() => Promise<void>> };
}

/**
 * Mail that must not be lost: queued in the transaction of the change it reports, so it exists
 * exactly when the change does; sent right after that committed; what the mail server refused for
 * now is sent again by the background job, later each time, a few times at most.
 */
export function mailQueue({
  db,
  mailer,
  now,
  log,
}: {
  db: Database;
  mailer: Mailer;
  now: Clock;
  log: FastifyBaseLogger;
}): MailQueue {
  const mails = mailQueueRepository(db);

  /** Leases one mail (`seqMail`, or the longest due) and sends it; false when there was none. */
  async function sendOne(seqMail?: number): Promise<boolean> {
    const at = now();
    const row = await mails.claimOne(at, new Date(at.getTime() + leaseMs), seqMail);
    if (!row) return false;
    try {
      await mailer.send({
        to: row.recipient,
        ...(row.replyTo && { replyTo: row.replyTo }),
        subject: row.subject,
        text: row.text,
        html: row.html,
      });
    } catch (error) {
      await failed(row, error);
      return true;
    }
    await mails.remove(row.seqMail);
    return true;
  }

  async function failed(row: QueuedMailRow, error: unknown): Promise<void> {
    const dead = isPermanent(error) || row.attempts >= mailMaxAttempts;
    // The server's codes only: its message may quote an address, the mail's content stays out.
    const { code, responseCode } = (error ?? {}) as { code?: unknown; responseCode?: unknown };
    log.warn(
      { seqMail: row.seqMail, attempts: row.attempts, code, responseCode },
      dead ? 'mail given up' : 'mail not sent; it will be tried again',
    );
    if (dead) await mails.markDead(row.seqMail);
    else await mails.retryAt(row.seqMail, new Date(now().getTime() + mailRetryDelaysMs[row.attempts - 1]!));
  }

  return {
    /** Queues mail inside the transaction of the change it reports; answers what to deliver after it. */
    enqueue(tx: Database, messages: readonly MailMessage[]): Promise<number[]> {
      return mailQueueRepository(tx).insert(messages, now());
    },

    /** Sends queued mail once its transaction has committed; what fails waits for the job. */
    async deliver(seqMails: readonly number[]): Promise<void> {
      for (const seqMail of seqMails) await sendOne(seqMail);
    },

    /**
     * The background job: after its pass, sends what is due one mail at a time, each leased just
     * before it is sent, so a slow mail server never lets a lease run out on mail still waiting.
     */
    job: {
      run(): Promise<() => Promise<void>> {
        return Promise.resolve(async () => {
          let sent = 0;
          while (sent < batchSize && (await sendOne())) sent++;
        });
      },
    },
  };
}
