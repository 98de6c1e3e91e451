import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../context.ts';
import type { Database } from '../db/client.ts';
import type { MailMessage, Mailer } from './mailer.ts';
import { mailQueueRepository, type QueuedMailRow } from './mail-queue.repository.ts';

/** How long a sender holds a mail; one that was not sent by then is tried again. */
export const mailRetryMs = 5 * 60_000;

export type MailQueue = ReturnType<typeof mailQueue>;

/**
 * Mail that must not be lost: queued in the transaction of the change it reports, so it exists
 * exactly when the change does; sent right after that committed; what the mail server refused is
 * sent again by the background job.
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
}) {
  async function send(rows: readonly QueuedMailRow[]): Promise<void> {
    for (const row of rows) {
      try {
        await mailer.send({
          to: row.recipient,
          ...(row.replyTo && { replyTo: row.replyTo }),
          subject: row.subject,
          text: row.text,
          html: row.html,
        });
      } catch (error) {
        log.warn({ err: error, seqMail: row.seqMail, attempts: row.attempts }, 'mail not sent; it will be tried again');
        continue;
      }
      await mailQueueRepository(db).remove(row.seqMail);
    }
  }

  const lease = (at: Date): Date => new Date(at.getTime() + mailRetryMs);

  return {
    /** Queues mail inside the transaction of the change it reports; answers what to deliver after it. */
    enqueue(tx: Database, messages: readonly MailMessage[]): Promise<number[]> {
      return mailQueueRepository(tx).insert(messages, now());
    },

    /** Sends queued mail once its transaction has committed; what fails waits for the job. */
    async deliver(seqMails: readonly number[]): Promise<void> {
      const at = now();
      await send(await mailQueueRepository(db).claim(at, lease(at), seqMails));
    },

    /** The background job: claims the mail that is due under the job's lock, sends it after. */
    job: {
      async run(tx: Database): Promise<() => Promise<void>> {
        const at = now();
        const rows = await mailQueueRepository(tx).claim(at, lease(at));
        return () => send(rows);
      },
    },
  };
}
