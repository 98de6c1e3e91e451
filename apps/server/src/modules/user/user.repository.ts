import type { Language } from '@clinic/contract';
import { and, desc, eq, isNotNull, isNull, or } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { appUser, manager } from '../../db/schema.ts';

export type UserRow = typeof appUser.$inferSelect;
export type NewUser = typeof appUser.$inferInsert;
export type NewManager = typeof manager.$inferInsert;

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

export type ManagerRow = typeof manager.$inferSelect;

export interface ManagerRepository {
  insert(row: NewManager): Promise<ManagerRow>;
  findByUser(seqUser: number): Promise<ManagerRow | undefined>;
  updateProfile(seqUser: number, changes: Partial<NewManager>): Promise<ManagerRow | undefined>;
  eraseProfile(seqUser: number): Promise<void>;
}

export function managerRepository(db: Database): ManagerRepository {
  return {
    async insert(row: NewManager): Promise<ManagerRow> {
      const [inserted] = await db.insert(manager).values(row).returning();
      return inserted!;
    },

    async findByUser(seqUser: number): Promise<ManagerRow | undefined> {
      const [row] = await db.select().from(manager).where(eq(manager.seqUser, seqUser));
      return row;
    },

    async updateProfile(seqUser: number, changes: Partial<NewManager>): Promise<ManagerRow | undefined> {
      const [row] = await db.update(manager).set(changes).where(eq(manager.seqUser, seqUser)).returning();
      return row;
    },

    /** Personal data of a deleted account is erased; the row stays for the records it signed. */
    async eraseProfile(seqUser: number): Promise<void> {
      await db
        .update(manager)
        .set({
          npiNumber: '',
          signaturePath: null,
          certificationCode: null,
          imagePath: null,
          imageUploadId: null,
          signatureUploadId: null,
          specialty: null,
          background: null,
          languageList: [],
          professionalEducation: null,
          yearsOfExperience: null,
          clinicName: null,
          clinicAddress: null,
        })
        .where(eq(manager.seqUser, seqUser));
    },
  };
}
