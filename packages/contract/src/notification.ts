import { z } from 'zod';
import { callGuest } from './call-guest.ts';
import { defineEndpoint, emptyRequest, success } from './endpoint.ts';
import { callParticipant, callParty, signalData, waitingPatient } from './meeting.ts';
import { messageItem } from './message.ts';
import { alertKinds } from './monitoring.ts';
import { pushTypes } from './schedule-rules.ts';

/** The authenticated WebSocket: notifications now, call signalling later. */
export const realtimePath = '/api/realtime';

/** A notification about a visit (SPEC 3 "Push types"); datetimes are UTC instants, shown in the reader's zone. */
export const notification = z.lazy(() =>
  z.object({
    /** Unique per notification and reader: the browser keeps it once, whichever channel brought it. */
    key: z.string(),
    pushType: z.union(pushTypes.map((type) => z.literal(type))),
    seqSchedule: z.number().int(),
    seqMedicalRelation: z.number().int(),
    patientName: z.string(),
    managerName: z.string(),
    scheduleExpectStartDatetime: z.string(),
    time: z.string(),
  }),
);
export type Notification = z.infer<typeof notification>;

/** A new monitoring alert on one of the clinician's patients, kept in the same list as the visits' notifications. */
export const alertNotification = z.lazy(() =>
  z.object({
    key: z.string(),
    seqMonitoringAlert: z.number().int(),
    seqMedicalRelation: z.number().int(),
    patientName: z.string(),
    alertKind: z.enum(alertKinds),
    time: z.string(),
  }),
);
export type AlertNotification = z.infer<typeof alertNotification>;

/**
 * A symptom report one of the clinician's patients sent from their app, kept in the same list. It
 * names the patient and the report, and nothing of what they reported: a browser may show it on a
 * locked screen.
 */
export const symptomReportNotification = z.lazy(() =>
  z.object({
    key: z.string(),
    seqSymptomReport: z.number().int(),
    seqMedicalRelation: z.number().int(),
    patientName: z.string(),
    time: z.string(),
  }),
);
export type SymptomReportNotification = z.infer<typeof symptomReportNotification>;

/** Any kind, as the clinician's list of notifications keeps them. */
export const anyNotification = z.lazy(() => z.union([notification, alertNotification, symptomReportNotification]));
export type AnyNotification = z.infer<typeof anyNotification>;

/**
 * What a patient's browser is told of, by Web Push: a change to one of their visits, a new
 * exercise in their program, or a questionnaire due (and its reminder). A visit moved by the
 * clinician is `visitMoved`, though the socket tells it as push type 1 (SPEC 3 has no "moved").
 */
export const patientPushTypes = [
  'visitBooked',
  'visitMoved',
  'visitCancelled',
  'visitStartingSoon',
  'visitCompleted',
  'visitExpired',
  'prescriptionAdded',
  'questionnaireDue',
  'questionnaireReminder',
  'messageReceived',
] as const;
export type PatientPushType = (typeof patientPushTypes)[number];

/**
 * A Web Push message to a patient's browser, written for them: the service worker shows `title`
 * and `body` as they are (in the language and time zone the browser subscribed in) and opens
 * `url`, a page of the patient app under /patient/. It names the clinician and the visit's time,
 * as the clinicians' push does, and nothing of the patient's health.
 */
export const patientPush = z.lazy(() =>
  z.object({
    /** Unique per message: the notification's tag, so a message delivered twice shows once. */
    key: z.string(),
    type: z.enum(patientPushTypes),
    title: z.string(),
    body: z.string(),
    /**
     * `/patient/?visit=<seqSchedule>` for a visit, `/patient/?screen=program` for the program,
     * `/patient/?questionnaire=<seqQuestionnaireRequest>` for a questionnaire, `/patient/?messages=<seqMedicalRelation>`
     * for new messages (the push names the clinician, never what they wrote).
     */
    url: z.string().startsWith('/patient/'),
    /** When it was sent, an ISO 8601 instant. */
    time: z.string(),
  }),
);
export type PatientPush = z.infer<typeof patientPush>;

/** What a client sends over the socket. The token travels in the first message, never in the URL. */
export const clientMessage = z.lazy(() =>
  z.discriminatedUnion('type', [
    z.object({ type: z.literal('auth'), accessToken: z.string().max(4096) }),
    /**
     * Signalling for another party of a meeting (`to`; the clinician's or the patient's other side
     * when absent), from the sender's joining of it (its AttendeeId).
     */
    z.object({
      type: z.literal('signal'),
      meetingId: z.uuid(),
      attendeeId: z.uuid(),
      to: callParty.optional(),
      data: signalData,
    }),
  ]),
);
export type ClientMessage = z.infer<typeof clientMessage>;
/** A call's signal as a client sends it. */
export type ClientSignal = Extract<ClientMessage, { type: 'signal' }>;

/** What the server sends. */
export const serverMessage = z.lazy(() =>
  z.discriminatedUnion('type', [
    z.object({ type: z.literal('ready') }),
    z.object({ type: z.literal('notification'), notification }),
    z.object({ type: z.literal('alert'), notification: alertNotification }),
    z.object({ type: z.literal('symptomReport'), notification: symptomReportNotification }),
    /** A new message in one of the reader's threads (theirs from another tab, or the other side's). */
    z.object({ type: z.literal('message'), seqMedicalRelation: z.number().int(), message: messageItem }),
    /** Messages of a thread were read by the other side, or one was withdrawn: read the thread again. */
    z.object({
      type: z.literal('messageChanged'),
      seqMedicalRelation: z.number().int(),
      change: z.enum(['read', 'withdrawn']),
    }),
    /** The reader changed their own visits elsewhere (another tab or window): read them again. */
    z.object({ type: z.literal('schedulesChanged') }),
    /** A questionnaire came due for the patient: read their due questionnaires again (it names none). */
    z.object({ type: z.literal('questionnaireDue') }),
    /** Signalling from the other attendee of a meeting, for one joining of it: other tabs ignore it. */
    z.object({
      type: z.literal('signal'),
      meetingId: z.string(),
      fromAttendeeId: z.string(),
      toAttendeeId: z.string(),
      /** The sender's party: each pair of parties has its own connection. */
      from: z.string(),
      data: signalData,
    }),
    /** A guest joined the call, or left it for good (removed): the pair with them is made, or closed. */
    z.object({
      type: z.literal('participant'),
      meetingId: z.string(),
      state: z.enum(['joined', 'removed']),
      participant: callParticipant,
    }),
    /** The clinician opened or closed the call of a visit (sent to its patient). */
    z.object({
      type: z.literal('meeting'),
      meetingId: z.string(),
      seqSchedule: z.number().int(),
      state: z.enum(['opened', 'closed']),
    }),
    /**
     * A patient came to, knocked at, left or was let out of the waiting room of one of the
     * clinician's visits (sent to the clinician); `knocked` asks for the clinician's attention.
     */
    z.object({
      type: z.literal('lobby'),
      state: z.enum(['knocked', 'waiting', 'left', 'admitted']),
      patient: waitingPatient,
    }),
    /**
     * A guest of one of the clinician's visits opened their link, came to or knocked at the waiting
     * room, left it, or was let in or removed (sent to the clinician).
     */
    z.object({
      type: z.literal('guest'),
      state: z.enum(['knocked', 'waiting', 'left', 'admitted', 'removed']),
      seqSchedule: z.number().int(),
      guest: callGuest,
    }),
    /** The clinician let the patient, or a guest, into the call of the visit (sent to them). */
    z.object({ type: z.literal('admitted'), seqSchedule: z.number().int(), meetingId: z.string() }),
    /** The clinician removed the guest from the visit (sent to the guest, whose socket then closes). */
    z.object({ type: z.literal('removed'), seqSchedule: z.number().int() }),
    /** A signal the server refused, e.g. for a meeting the sender does not attend. */
    z.object({ type: z.literal('refused'), meetingId: z.string(), failedCode: z.string() }),
  ]),
);
export type ServerMessage = z.infer<typeof serverMessage>;

/** Close codes of the socket: the client logs in again on 4401, and does not retry on 4400. */
export const realtimeCloseCodes = { unauthorized: 4401, badMessage: 4400 } as const;

export const getWebPushKey = defineEndpoint({
  method: 'POST',
  path: '/notification/getWebPushKey',
  access: 'manager',
  audit: false,
  tag: 'notification',
  summary: "The server's VAPID public key, for the browser's push subscription (sent with PUT /user/updateToken)",
  request: emptyRequest,
  get reply() {
    return success({ publicKey: z.string() });
  },
});
