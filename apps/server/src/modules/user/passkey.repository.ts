import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { passkey } from '../../db/schema.ts';

export type PasskeyRow = typeof passkey.$inferSelect;

export interface PasskeyRepository {
  /** The clinician's passkeys, oldest first. */
  list(seqUser: number): Promise<PasskeyRow[]>;
  hasAny(seqUser: number): Promise<boolean>;
  findByCredentialId(credentialId: string): Promise<PasskeyRow | undefined>;
  insert(row: typeof passkey.$inferInsert): Promise<PasskeyRow>;
  /** False when the clinician has no such passkey. */
  rename(seqUser: number, seqPasskey: number, name: string): Promise<boolean>;
  /** False when the clinician has no such passkey. */
  remove(seqUser: number, seqPasskey: number): Promise<boolean>;
  /** Takes the new signature counter of an assertion; false when another took one meanwhile. */
  used(seqPasskey: number, signCount: number, previous: number, at: Date): Promise<boolean>;
}

/** A clinician's passkeys. */
export function passkeyRepository(db: Database): PasskeyRepository {
  const own = (seqUser: number, seqPasskey: number) =>
    and(eq(passkey.seqUser, seqUser), eq(passkey.seqPasskey, seqPasskey));
  return {
    list: (seqUser: number): Promise<PasskeyRow[]> =>
      db.select().from(passkey).where(eq(passkey.seqUser, seqUser)).orderBy(asc(passkey.seqPasskey)),

    async hasAny(seqUser: number): Promise<boolean> {
      const [row] = await db
        .select({ seqPasskey: passkey.seqPasskey })
        .from(passkey)
        .where(eq(passkey.seqUser, seqUser))
        .limit(1);
      return row !== undefined;
    },

    async findByCredentialId(credentialId: string): Promise<PasskeyRow | undefined> {
      const [row] = await db.select().from(passkey).where(eq(passkey.credentialId, credentialId));
      return row;
    },

    async insert(row: typeof passkey.$inferInsert): Promise<PasskeyRow> {
      const [inserted] = await db.insert(passkey).values(row).returning();
      return inserted!;
    },

    async rename(seqUser: number, seqPasskey: number, name: string): Promise<boolean> {
      const renamed = await db.update(passkey).set({ name }).where(own(seqUser, seqPasskey)).returning();
      return renamed.length === 1;
    },

    async remove(seqUser: number, seqPasskey: number): Promise<boolean> {
      const removed = await db.delete(passkey).where(own(seqUser, seqPasskey)).returning();
      return removed.length === 1;
    },

    async used(seqPasskey: number, signCount: number, previous: number, at: Date): Promise<boolean> {
      const updated = await db
        .update(passkey)
        .set({ signCount, lastUsedAt: at })
        .where(and(eq(passkey.seqPasskey, seqPasskey), eq(passkey.signCount, previous)))
        .returning();
      return updated.length === 1;
    },
  };
}
