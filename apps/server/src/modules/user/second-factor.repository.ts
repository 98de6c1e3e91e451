import { and, count, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { recoveryCode, secondFactor } from '../../db/schema.ts';

export type SecondFactorRow = typeof secondFactor.$inferSelect;

export interface SecondFactorRepository {
  findTotp(seqUser: number, state: 'confirmed' | 'pending'): Promise<SecondFactorRow | undefined>;
  /** Puts a new set-up in place of any earlier one under way. */
  replacePending(seqUser: number, sealedSecret: string): Promise<void>;
  /** Makes the pending set-up the one in use, in place of any earlier one. */
  confirm(seqSecondFactor: number, seqUser: number, timeStep: number, at: Date): Promise<void>;
  /** Takes a code's time step as used; false when it, or a later one, was used already. */
  useTimeStep(seqSecondFactor: number, timeStep: number): Promise<boolean>;
  removeAll(seqUser: number): Promise<void>;
  removeTotp(seqUser: number): Promise<void>;
  removeRecoveryCodes(seqUser: number): Promise<void>;
  replaceRecoveryCodes(seqUser: number, codeHashes: string[]): Promise<void>;
  useRecoveryCode(seqUser: number, codeHash: string, at: Date): Promise<boolean>;
  countUnusedRecoveryCodes(seqUser: number): Promise<number>;
}

export function secondFactorRepository(db: Database): SecondFactorRepository {
  const totpOf = (seqUser: number) => and(eq(secondFactor.seqUser, seqUser), eq(secondFactor.kind, 'totp'));
  const removeTotp = async (seqUser: number): Promise<void> => {
    await db.delete(secondFactor).where(eq(secondFactor.seqUser, seqUser));
  };
  const removeRecoveryCodes = async (seqUser: number): Promise<void> => {
    await db.delete(recoveryCode).where(eq(recoveryCode.seqUser, seqUser));
  };
  return {
    async findTotp(seqUser: number, state: 'confirmed' | 'pending'): Promise<SecondFactorRow | undefined> {
      const [row] = await db
        .select()
        .from(secondFactor)
        .where(
          and(
            totpOf(seqUser),
            state === 'confirmed' ? isNotNull(secondFactor.confirmedAt) : isNull(secondFactor.confirmedAt),
          ),
        );
      return row;
    },

    async replacePending(seqUser: number, sealedSecret: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(secondFactor).where(and(totpOf(seqUser), isNull(secondFactor.confirmedAt)));
        await tx.insert(secondFactor).values({ seqUser, kind: 'totp', sealedSecret });
      });
    },

    async confirm(seqSecondFactor: number, seqUser: number, timeStep: number, at: Date): Promise<void> {
      await db.delete(secondFactor).where(and(totpOf(seqUser), isNotNull(secondFactor.confirmedAt)));
      await db
        .update(secondFactor)
        .set({ confirmedAt: at, lastTimeStep: timeStep })
        .where(eq(secondFactor.seqSecondFactor, seqSecondFactor));
    },

    async useTimeStep(seqSecondFactor: number, timeStep: number): Promise<boolean> {
      const used = await db
        .update(secondFactor)
        .set({ lastTimeStep: timeStep })
        .where(
          and(
            eq(secondFactor.seqSecondFactor, seqSecondFactor),
            or(isNull(secondFactor.lastTimeStep), lt(secondFactor.lastTimeStep, timeStep)),
          ),
        )
        .returning({ seqSecondFactor: secondFactor.seqSecondFactor });
      return used.length === 1;
    },

    async removeAll(seqUser: number): Promise<void> {
      await removeTotp(seqUser);
      await removeRecoveryCodes(seqUser);
    },

    removeTotp,
    removeRecoveryCodes,

    async replaceRecoveryCodes(seqUser: number, codeHashes: string[]): Promise<void> {
      await db.delete(recoveryCode).where(eq(recoveryCode.seqUser, seqUser));
      await db.insert(recoveryCode).values(codeHashes.map((codeHash) => ({ seqUser, codeHash })));
    },

    async useRecoveryCode(seqUser: number, codeHash: string, at: Date): Promise<boolean> {
      const used = await db
        .update(recoveryCode)
        .set({ usedAt: at })
        .where(and(eq(recoveryCode.seqUser, seqUser), eq(recoveryCode.codeHash, codeHash), isNull(recoveryCode.usedAt)))
        .returning({ seqUser: recoveryCode.seqUser });
      return used.length === 1;
    },

    async countUnusedRecoveryCodes(seqUser: number): Promise<number> {
      const [row] = await db
        .select({ left: count() })
        .from(recoveryCode)
        .where(and(eq(recoveryCode.seqUser, seqUser), isNull(recoveryCode.usedAt)));
      return row?.left ?? 0;
    },
  };
}
