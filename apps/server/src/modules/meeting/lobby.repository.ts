import { ScheduleStatus } from '@clinic/contract';
import { and, asc, eq, gte, inArray, isNull, notExists, or } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { callLobby, medicalRelation, meeting, schedule } from '../../db/schema.ts';

export type LobbyRow = typeof callLobby.$inferSelect;

/** A patient in a waiting room, as the clinician's list shows them. */
export interface WaitingRow {
  seqSchedule: number;
  seqMedicalRelation: number;
  patientName: string;
  waitingSince: Date;
  expectStartAt: Date;
}

export interface LobbyRepository {
  find(seqSchedule: number): Promise<LobbyRow | undefined>;
  save(row: LobbyRow): Promise<void>;
  remove(seqSchedule: number): Promise<LobbyRow | undefined>;
  /** Lets the patient into the call, if they are still there (seen since `seenSince`); answers their entry then. */
  admit(seqSchedule: number, meetingId: string, seenSince: Date): Promise<LobbyRow | undefined>;
  /** The patients seen since `seenSince` in the clinician's visits not over, and not in an open call. */
  waitingFor(seqManager: number, seenSince: Date): Promise<WaitingRow[]>;
}

/** The only code that reads and writes the waiting rooms. */
export function lobbyRepository(db: Database): LobbyRepository {
  return {
    async find(seqSchedule) {
      const [row] = await db.select().from(callLobby).where(eq(callLobby.seqSchedule, seqSchedule));
      return row;
    },

    async save(row) {
      const { seqSchedule: _key, ...changes } = row;
      await db.insert(callLobby).values(row).onConflictDoUpdate({ target: callLobby.seqSchedule, set: changes });
    },

    async remove(seqSchedule) {
      const [row] = await db.delete(callLobby).where(eq(callLobby.seqSchedule, seqSchedule)).returning();
      return row;
    },

    async admit(seqSchedule, meetingId, seenSince) {
      const [admitted] = await db
        .update(callLobby)
        .set({ admittedMeetingId: meetingId })
        .where(and(eq(callLobby.seqSchedule, seqSchedule), gte(callLobby.seenAt, seenSince)))
        .returning();
      return admitted;
    },

    waitingFor(seqManager, seenSince) {
      return db
        .select({
          seqSchedule: callLobby.seqSchedule,
          seqMedicalRelation: schedule.seqMedicalRelation,
          patientName: medicalRelation.patientName,
          waitingSince: callLobby.waitingSince,
          expectStartAt: schedule.expectStartAt,
        })
        .from(callLobby)
        .innerJoin(schedule, eq(schedule.seqSchedule, callLobby.seqSchedule))
        .innerJoin(medicalRelation, eq(medicalRelation.seqMedicalRelation, schedule.seqMedicalRelation))
        .where(
          and(
            eq(schedule.seqManager, seqManager),
            gte(callLobby.seenAt, seenSince),
            inArray(schedule.status, [ScheduleStatus.waiting, ScheduleStatus.inProgress]),
            or(
              isNull(callLobby.admittedMeetingId),
              notExists(
                db
                  .select({ id: meeting.id })
                  .from(meeting)
                  .where(and(eq(meeting.id, callLobby.admittedMeetingId), isNull(meeting.closedAt))),
              ),
            ),
          ),
        )
        .orderBy(asc(callLobby.waitingSince));
    },
  };
}
