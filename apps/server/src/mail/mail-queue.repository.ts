import { and, asc, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { mailQueue } from '../db/schema.ts';
import type { MailMessage } from './mailer.ts';

export type QueuedMailRow = typeof mailQueue.$inferSelect;

/** A mail tried this often, or refused for good, is dead: kept for the team to see, never sent again. */
export const mailMaxAttempts = 5;

export interface MailQueueRepository {
  insert(messages: readonly MailMessage[], at: Date): Promise<number[]>;
  claimOne(at: Date, until: Date, seqMail?: number): Promise<QueuedMailRow | undefined>;
  retryAt(seqMail: number, dueAt: Date): Promise<void>;
  markDead(seqMail: number): Promise<void>;
  remove(seqMail: number): Promise<void>;
}

export function mailQueueRepository(db: Database): MailQueueRepository {
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
     * Takes one due mail that is not dead (`seqMail`, or the longest due) for one sender: it is not
     * due again before `until`, so no other sender takes it meanwhile, and it comes back then if it
     * was not sent.
     */
    async claimOne(at: Date, until: Date, seqMail?: number): Promise<QueuedMailRow | undefined> {
      const due = db
        .select({ seqMail: mailQueue.seqMail })
        .from(mailQueue)
        .where(
          and(
            lte(mailQueue.dueAt, at),
            lt(mailQueue.attempts, mailMaxAttempts),
            seqMail === undefined ? undefined : eq(mailQueue.seqMail, seqMail),
          ),
        )
        .orderBy(asc(mailQueue.dueAt))
        .limit(1);
      const [row] = await db
        .update(mailQueue)
        .set({ dueAt: until, attempts: sql`${mailQueue.attempts} + 1` })
        .where(and(inArray(mailQueue.seqMail, due), lte(mailQueue.dueAt, at)))
        .returning();
      return row;
    },

    async retryAt(seqMail: number, dueAt: Date): Promise<void> {
      await db.update(mailQueue).set({ dueAt }).where(eq(mailQueue.seqMail, seqMail));
    },

    async markDead(seqMail: number): Promise<void> {
      await db.update(mailQueue).set({ attempts: mailMaxAttempts }).where(eq(mailQueue.seqMail, seqMail));
    },

    async remove(seqMail: number): Promise<void> {
      await db.delete(mailQueue).where(eq(mailQueue.seqMail, seqMail));
    },
  };
}
