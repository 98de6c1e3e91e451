import { and, eq, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ScheduleStatus, type CallParticipant, type MeetingEvent } from '@clinic/contract';
import { guestChannel, userChannel } from '../../realtime/bus.ts';
import type { Database } from '../../db/client.ts';
import {
  callGuest,
  manager,
  medicalRelation,
  meeting,
  meetingAttendee,
  meetingEvent,
  patient,
  schedule,
} from '../../db/schema.ts';

export type MeetingRow = typeof meeting.$inferSelect;

/** A guest as the others in the call see them. */
export const guestParticipant = (guest: {
  id: string;
  name: string | null;
  role: 'caregiver' | 'interpreter' | null;
}): CallParticipant => ({ party: `guest:${guest.id}`, name: guest.name ?? '', role: guest.role ?? 'caregiver' });

/** A joining's party in the call's signalling. */
export const partyOf = (attendee: { role: string; guestId: string | null }): string =>
  attendee.guestId === null ? attendee.role : `guest:${attendee.guestId}`;

export interface MeetingRepository {
  findOpenForSchedule(seqSchedule: number): Promise<MeetingRow | undefined>;
  hasOtherOpen(seqManager: number, seqSchedule: number): Promise<boolean>;
  findForSchedule(id: string, seqSchedule: number): Promise<MeetingRow | undefined>;
  insert(row: typeof meeting.$inferInsert): Promise<void>;
  close(id: string, at: Date): Promise<void>;
  addAttendee(row: typeof meetingAttendee.$inferInsert): Promise<void>;
  signalRoute(
    meetingId: string,
    attendeeId: string,
    sender: { seqUser: number } | { guestId: string },
    to: string | undefined,
  ): Promise<{ from: string; to: { attendeeId: string; channel: string | null } | null } | undefined>;
  /** Everyone the call is for, with the channel that reaches them (none for a patient without the app). */
  participants(meetingId: string): Promise<(CallParticipant & { channel: string | null })[]>;
  callsOfVisit(seqSchedule: number): Promise<{ firstOpenedAt: Date; patientJoined: boolean }>;
  greeted(attendeeId: string, at: Date): Promise<void>;
  attended(meetingId: string, seqUser: number): Promise<boolean>;
  insertEvents(meetingId: string, seqUser: number, events: MeetingEvent[]): Promise<number>;
  heartbeat(query: { id: string; seqSchedule: number; seqManager: number; at: Date }): Promise<boolean>;
  closeAbandoned(at: Date, { silentMs, overtimeMs }: { silentMs: number; overtimeMs: number }): Promise<number>;
}

export function meetingRepository(db: Database): MeetingRepository {
  return {
    async findOpenForSchedule(seqSchedule: number): Promise<MeetingRow | undefined> {
      const [row] = await db
        .select()
        .from(meeting)
        .where(and(eq(meeting.seqSchedule, seqSchedule), isNull(meeting.closedAt)));
      return row;
    },

    /** Another visit's call the clinician still has open. */
    async hasOtherOpen(seqManager: number, seqSchedule: number): Promise<boolean> {
      const [row] = await db
        .select({ id: meeting.id })
        .from(meeting)
        .where(and(eq(meeting.seqManager, seqManager), isNull(meeting.closedAt), ne(meeting.seqSchedule, seqSchedule)))
        .limit(1);
      return row !== undefined;
    },

    async findForSchedule(id: string, seqSchedule: number): Promise<MeetingRow | undefined> {
      const [row] = await db
        .select()
        .from(meeting)
        .where(and(eq(meeting.id, id), eq(meeting.seqSchedule, seqSchedule)));
      return row;
    },

    async insert(row: typeof meeting.$inferInsert): Promise<void> {
      await db.insert(meeting).values(row);
    },

    async close(id: string, at: Date): Promise<void> {
      await db
        .update(meeting)
        .set({ closedAt: at })
        .where(and(eq(meeting.id, id), isNull(meeting.closedAt)));
    },

    async addAttendee(row: typeof meetingAttendee.$inferInsert): Promise<void> {
      await db.insert(meetingAttendee).values(row);
    },

    /**
     * Where a signal from one joining of an open meeting goes, in one statement: the sender's party,
     * and the latest joining of the party it is for (`to`; else the other of the clinician and the
     * patient) with the channel that reaches it. Undefined when the joining is not the sender's, the
     * meeting is closed or the sender was removed; no joining while that party has not joined.
     */
    async signalRoute(meetingId, attendeeId, sender, to) {
      const other = alias(meetingAttendee, 'other');
      const otherGuest = alias(callGuest, 'other_guest');
      const target =
        to === undefined
          ? sql`${other.role} = case ${meetingAttendee.role} when 'clinician' then 'patient' when 'patient' then 'clinician' end`
          : to.startsWith('guest:')
            ? sql`${other.guestId} = ${to.slice('guest:'.length)}::uuid`
            : sql`${other.role} = ${to}`;
      const [row] = await db
        .select({
          role: meetingAttendee.role,
          guestId: meetingAttendee.guestId,
          to: sql<{
            id: string;
            role: string;
            guestId: string | null;
          } | null>`(select json_build_object('id', ${other.id},
              'role', ${other.role}, 'guestId', ${other.guestId}) from ${meetingAttendee} as ${sql.identifier('other')}
            left join ${callGuest} as ${sql.identifier('other_guest')} on ${otherGuest.id} = ${other.guestId}
            where ${other.meetingId} = ${meetingAttendee.meetingId} and ${otherGuest.removedAt} is null and ${target}
            order by ${other.joinedAt} desc limit 1)`,
          clinicianUser: manager.seqUser,
          patientUser: patient.seqUser,
        })
        .from(meetingAttendee)
        .innerJoin(meeting, eq(meeting.id, meetingAttendee.meetingId))
        .innerJoin(schedule, eq(schedule.seqSchedule, meeting.seqSchedule))
        .innerJoin(patient, eq(patient.seqPatient, schedule.seqPatient))
        .innerJoin(manager, eq(manager.seqManager, schedule.seqManager))
        .leftJoin(callGuest, eq(callGuest.id, meetingAttendee.guestId))
        .where(
          and(
            eq(meetingAttendee.id, attendeeId),
            eq(meetingAttendee.meetingId, meetingId),
            'guestId' in sender
              ? eq(meetingAttendee.guestId, sender.guestId)
              : eq(meetingAttendee.seqUser, sender.seqUser),
            isNull(meeting.closedAt),
            isNull(callGuest.removedAt),
          ),
        );
      if (!row) return undefined;
      const destination = row.to;
      return {
        from: partyOf(row),
        to: destination && {
          attendeeId: destination.id,
          channel:
            destination.guestId !== null
              ? guestChannel(destination.guestId)
              : destination.role === 'clinician'
                ? userChannel(row.clinicianUser)
                : row.patientUser === null
                  ? null
                  : userChannel(row.patientUser),
        },
      };
    },

    async participants(meetingId) {
      const [visit] = await db
        .select({
          clinicianName: sql<string>`${manager.firstName} || ' ' || ${manager.lastName}`,
          clinicianUser: manager.seqUser,
          patientName: medicalRelation.patientName,
          patientUser: patient.seqUser,
        })
        .from(meeting)
        .innerJoin(schedule, eq(schedule.seqSchedule, meeting.seqSchedule))
        .innerJoin(patient, eq(patient.seqPatient, schedule.seqPatient))
        .innerJoin(manager, eq(manager.seqManager, schedule.seqManager))
        .innerJoin(medicalRelation, eq(medicalRelation.seqMedicalRelation, schedule.seqMedicalRelation))
        .where(eq(meeting.id, meetingId));
      if (!visit) return [];
      const guests = await db
        .select({ id: callGuest.id, name: callGuest.name, role: callGuest.role })
        .from(callGuest)
        .where(and(eq(callGuest.admittedMeetingId, meetingId), isNull(callGuest.removedAt)))
        .orderBy(callGuest.openedAt);
      return [
        {
          party: 'clinician',
          name: visit.clinicianName,
          role: 'clinician' as const,
          channel: userChannel(visit.clinicianUser),
        },
        {
          party: 'patient',
          name: visit.patientName,
          role: 'patient' as const,
          channel: visit.patientUser === null ? null : userChannel(visit.patientUser),
        },
        ...guests.map((guest) => ({ ...guestParticipant(guest), channel: guestChannel(guest.id) })),
      ];
    },

    /** When the visit's first call was opened, and whether its patient joined any of its calls. */
    async callsOfVisit(seqSchedule: number): Promise<{ firstOpenedAt: Date; patientJoined: boolean }> {
      const [row] = await db
        .select({
          firstOpenedAt: sql<Date>`min(${meeting.createdAt})`.mapWith(meeting.createdAt),
          patientJoined: sql<boolean>`bool_or(${meetingAttendee.role} = 'patient')`.mapWith(Boolean),
        })
        .from(meeting)
        .leftJoin(meetingAttendee, eq(meetingAttendee.meetingId, meeting.id))
        .where(eq(meeting.seqSchedule, seqSchedule));
      return { firstOpenedAt: row!.firstOpenedAt, patientJoined: row!.patientJoined };
    },

    /**
     * A joining greets (its own hello, or its offer): it becomes its side's latest, the one signals
     * go to. Nothing is written when it is the latest already.
     */
    async greeted(attendeeId: string, at: Date): Promise<void> {
      const other = alias(meetingAttendee, 'other');
      await db
        .update(meetingAttendee)
        .set({ joinedAt: at })
        .where(
          and(
            eq(meetingAttendee.id, attendeeId),
            sql`exists (select 1 from ${meetingAttendee} as ${sql.identifier('other')}
              where ${other.meetingId} = ${meetingAttendee.meetingId} and ${other.role} = ${meetingAttendee.role}
              and ${other.id} <> ${meetingAttendee.id} and ${other.joinedAt} >= ${meetingAttendee.joinedAt})`,
          ),
        );
    },

    /** Whether the user ever attended the meeting (open or closed). */
    async attended(meetingId: string, seqUser: number): Promise<boolean> {
      const [row] = await db
        .select({ id: meetingAttendee.id })
        .from(meetingAttendee)
        .where(and(eq(meetingAttendee.meetingId, meetingId), eq(meetingAttendee.seqUser, seqUser)))
        .limit(1);
      return row !== undefined;
    },

    async insertEvents(meetingId: string, seqUser: number, events: MeetingEvent[]): Promise<number> {
      if (events.length === 0) return 0;
      await db.insert(meetingEvent).values(
        events.map((event) => ({
          meetingId,
          seqUser,
          name: event.name,
          at: new Date(event.timestampMs),
          attributes: event.attributes,
        })),
      );
      return events.length;
    },

    /** Notes the clinician's browser still in the open call of a visit of theirs; false when there is none. */
    async heartbeat(query: { id: string; seqSchedule: number; seqManager: number; at: Date }): Promise<boolean> {
      const rows = await db
        .update(meeting)
        .set({ heartbeatAt: query.at })
        .where(
          and(
            eq(meeting.id, query.id),
            eq(meeting.seqSchedule, query.seqSchedule),
            eq(meeting.seqManager, query.seqManager),
            isNull(meeting.closedAt),
          ),
        )
        .returning({ id: meeting.id });
      return rows.length > 0;
    },

    /**
     * Closes calls whose browser went silent (a crash: no heartbeat for `silentMs`) or that were
     * left open long after their visit ended (`overtimeMs`), and puts their visits back to waiting,
     * so the expiry job can end those whose time is over. Returns how many.
     */
    async closeAbandoned(
      at: Date,
      { silentMs, overtimeMs }: { silentMs: number; overtimeMs: number },
    ): Promise<number> {
      const abandoned = await db
        .update(meeting)
        .set({ closedAt: at })
        .where(
          and(
            isNull(meeting.closedAt),
            or(
              lt(meeting.heartbeatAt, new Date(at.getTime() - silentMs)),
              inArray(
                meeting.seqSchedule,
                db
                  .select({ seqSchedule: schedule.seqSchedule })
                  .from(schedule)
                  .where(lt(schedule.expectEndAt, new Date(at.getTime() - overtimeMs))),
              ),
            ),
          ),
        )
        .returning({ seqSchedule: meeting.seqSchedule });
      const ids = abandoned.map((row) => row.seqSchedule);
      if (ids.length > 0)
        await db
          .update(schedule)
          .set({ status: ScheduleStatus.waiting, updatedAt: at })
          .where(and(inArray(schedule.seqSchedule, ids), eq(schedule.status, ScheduleStatus.inProgress)));
      return ids.length;
    },
  };
}
