import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { mailQueue } from '../db/schema.ts';
import type { MailMessage } from './mailer.ts';

export type QueuedMailRow = typeof mailQueue.$inferSelect;

/** A pass sends at most this many; the rest waits for the next pass. */
const batchSize = 100;

export function mailQueueRepository(db: Database) {
  return {
    async insert(messages: readonly MailMessage[], at: Date): Promise<number[]> {
      if (messages.length === 0) return [];
      const rows = await db
        .insert(mailQueue)
        .values(
          messages.map((message) => ({
            recipient: message.to,
            replyTo: message.replyTo ?? null,
            subject: message.subject,
            text: message.text,
            html: message.html,
            dueAt: at,
            createdAt: at,
          })),
        )
        .returning({ seqMail: mailQueue.seqMail });
      return rows.map((row) => row.seqMail);
    },

    /**
     * Takes the due mail (of `seqMails`, or any) for one sender: it is not due again before
     * `until`, so no other sender takes it meanwhile, and it comes back then if it was not sent.
     */
    async claim(at: Date, until: Date, seqMails?: readonly number[]): Promise<QueuedMailRow[]> {
      if (seqMails?.length === 0) return [];
      const due = db
        .select({ seqMail: mailQueue.seqMail })
        .from(mailQueue)
        .where(and(lte(mailQueue.dueAt, at), seqMails && inArray(mailQueue.seqMail, [...seqMails])))
        .orderBy(asc(mailQueue.dueAt))
        .limit(batchSize);
      return db
        .update(mailQueue)
        .set({ dueAt: until, attempts: sql`${mailQueue.attempts} + 1` })
        .where(and(inArray(mailQueue.seqMail, due), lte(mailQueue.dueAt, at)))
        .returning();
    },

    async remove(seqMail: number): Promise<void> {
      await db.delete(mailQueue).where(eq(mailQueue.seqMail, seqMail));
    },
  };
}
