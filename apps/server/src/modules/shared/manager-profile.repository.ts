import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { fhirClient, manager } from '../../db/schema.ts';

type NewManager = typeof manager.$inferInsert;
export type ManagerRow = typeof manager.$inferSelect;

export interface ManagerRepository {
  insert(row: NewManager): Promise<ManagerRow>;
  findByUser(seqUser: number): Promise<ManagerRow | undefined>;
  updateProfile(seqUser: number, changes: Partial<NewManager>): Promise<ManagerRow | undefined>;
  /** Erases the profile, and revokes the systems the clinician let read their patients (at `at`). */
  eraseProfile(seqUser: number, at: Date): Promise<void>;
}

/** Clinicians' profiles: made at sign-up and erased with the account (user), read and changed by several modules. */
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
    async eraseProfile(seqUser: number, at: Date): Promise<void> {
      await db
        .update(fhirClient)
        .set({ revokedAt: at })
        .where(
          and(
            isNull(fhirClient.revokedAt),
            inArray(
              fhirClient.seqManager,
              db.select({ seqManager: manager.seqManager }).from(manager).where(eq(manager.seqUser, seqUser)),
            ),
          ),
        );
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
