import type { Language } from '@clinic/contract';
import { and, desc, eq, isNotNull, isNull, or } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { appUser } from '../../db/schema.ts';

export type UserRow = typeof appUser.$inferSelect;
export type NewUser = typeof appUser.$inferInsert;

export interface UserRepository {
  findLiveByEmail(userEmail: string): Promise<UserRow | undefined>;
  findLiveByUserId(userId: string): Promise<UserRow | undefined>;
  findLiveByLogin(login: string): Promise<UserRow | undefined>;
  findDeletedByLogin(login: string): Promise<UserRow | undefined>;
  any(): Promise<boolean>;
  findById(seqUser: number): Promise<UserRow | undefined>;
  insert(user: NewUser): Promise<UserRow>;
  lockForUpdate(seqUser: number): Promise<void>;
  setEmailVerified(seqUser: number, at: Date): Promise<void>;
  setLanguage(seqUser: number, language: Language): Promise<void>;
  setPasswordHash(seqUser: number, passwordHash: string): Promise<void>;
  markDeleted(seqUser: number, at: Date): Promise<void>;
}

export function userRepository(db: Database): UserRepository {
  return {
    async findLiveByEmail(userEmail: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(appUser)
        .where(and(eq(appUser.userEmail, userEmail), isNull(appUser.deletedAt)));
      return row;
    },

    async findLiveByUserId(userId: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(appUser)
        .where(and(eq(appUser.userId, userId), isNull(appUser.deletedAt)));
      return row;
    },

    /** The live account whose e-mail address or user ID is the given login name. */
    async findLiveByLogin(login: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(appUser)
        .where(and(or(eq(appUser.userEmail, login), eq(appUser.userId, login)), isNull(appUser.deletedAt)))
        .orderBy(appUser.seqUser)
        .limit(1);
      return row;
    },

    async findDeletedByLogin(login: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(appUser)
        .where(and(or(eq(appUser.userEmail, login), eq(appUser.userId, login)), isNotNull(appUser.deletedAt)))
        .orderBy(desc(appUser.deletedAt))
        .limit(1);
      return row;
    },

    async any(): Promise<boolean> {
      const [row] = await db.select({ seqUser: appUser.seqUser }).from(appUser).limit(1);
      return row !== undefined;
    },

    async findById(seqUser: number): Promise<UserRow | undefined> {
      const [row] = await db.select().from(appUser).where(eq(appUser.seqUser, seqUser));
      return row;
    },

    async insert(user: NewUser): Promise<UserRow> {
      const [row] = await db.insert(appUser).values(user).returning();
      return row!;
    },

    /** Holds the user's row until the transaction ends, so two requests for one user take turns. */
    async lockForUpdate(seqUser: number): Promise<void> {
      await db.select({ seqUser: appUser.seqUser }).from(appUser).where(eq(appUser.seqUser, seqUser)).for('update');
    },

    async setEmailVerified(seqUser: number, at: Date): Promise<void> {
      await db
        .update(appUser)
        .set({ emailVerifiedAt: at })
        .where(and(eq(appUser.seqUser, seqUser), isNull(appUser.emailVerifiedAt)));
    },

    async setLanguage(seqUser: number, language: Language): Promise<void> {
      await db.update(appUser).set({ language }).where(eq(appUser.seqUser, seqUser));
    },

    async setPasswordHash(seqUser: number, passwordHash: string): Promise<void> {
      await db.update(appUser).set({ passwordHash }).where(eq(appUser.seqUser, seqUser));
    },

    async markDeleted(seqUser: number, at: Date): Promise<void> {
      await db.update(appUser).set({ deletedAt: at, passwordHash: '!' }).where(eq(appUser.seqUser, seqUser));
    },
  };
}
