import { z } from 'zod';
import { defineEndpoint, emptyRequest, reply, success } from './endpoint.ts';
import { FailedCode } from './errors.ts';
import { schedule } from './schedule.ts';
import { idField } from './validation.ts';

const tag = 'meeting';

/** Constants of the video visit (SPEC 4 "Meeting status", 9). */
export const meetingRules = {
  /** Failure events carry only this much history. */
  eventHistoryMs: 5 * 60_000,
  /** At most this many events are kept per upload. */
  eventsMax: 2000,
  /** At most this many ICE candidates travel in one signal. */
  candidatesMax: 50,
  timerTickMs: 1000,
  /** The clinician's browser in a call says it is still there this often. */
  heartbeatMs: 30_000,
  /** A call whose browser has been silent this long is taken as abandoned (a crash) and closed. */
  heartbeatLostMs: 90_000,
  refreshTokenCheckMs: 1000,
  timerWarningSeconds: 300,
  cameraRetries: 10,
  cameraRetryMs: 1000,
  popup: { width: 1200, height: 800 },
} as const;

/** The waiting room of a visit's call (issue 37). */
export const lobbyRules = {
  /** The patient's app says it is still waiting this often. */
  heartbeatMs: 20_000,
  /** A patient whose app has been silent this long has left the waiting room. */
  lostMs: 60_000,
  /** A patient may knock (tell the clinician again) once in this many seconds. */
  knockSeconds: 30,
} as const;

/** Stop codes of the call session (SPEC 4): 6 ends normally, 19 is forced by the connection. */
export const MeetingStopCode = { normal: 6, forced: 19 } as const;

/** An ICE server for RTCPeerConnection: none on a LAN, STUN, or TURN with time-limited credentials. */
export const iceServer = z.lazy(() =>
  z.object({
    urls: z.array(z.string()),
    username: z.string().optional(),
    credential: z.string().optional(),
  }),
);
export type IceServer = z.infer<typeof iceServer>;

/**
 * Who takes part in a call, as its signalling names them: the clinician, the patient, or a guest
 * (`guest:<guestId>`, decision 0019). Each pair of them has its own peer connection.
 */
export const callParty = z.lazy(() =>
  z.string().regex(/^(clinician|patient|guest:[0-9a-f-]{36})$/, { error: 'validation.invalid' }),
);

/** Someone in the call besides the reader, with the name and role the screen shows. */
export const callParticipant = z.lazy(() =>
  z.object({
    party: z.string(),
    name: z.string(),
    role: z.enum(['clinician', 'patient', 'caregiver', 'interpreter']),
  }),
);
export type CallParticipant = z.infer<typeof callParticipant>;

/** Names stay as the patients' app speaks them (SPEC 3 "Meeting from server"). */
export const meetingReply = {
  Meeting: z.object({ MeetingId: z.string() }),
  Attendee: z.object({ AttendeeId: z.string() }),
  iceServers: z.array(iceServer),
  /** The others the call is for: the clinician or the patient, and the guests let into it. */
  participants: z.array(callParticipant),
};

const startFailures = [
  FailedCode.ScheduleCompleted,
  FailedCode.ScheduleCancelled,
  FailedCode.ScheduleClosed,
  FailedCode.ScheduleExpired,
  FailedCode.CallTooEarly,
  FailedCode.NotAppMember,
  FailedCode.CallInProgress,
] as const;

export const createMeeting = defineEndpoint({
  method: 'POST',
  path: '/meeting/chime/createMeeting',
  access: 'manager',
  audit: { action: 'create', entity: 'meeting' },
  tag,
  summary: 'Opens the video call of a visit (or rejoins it) and adds the clinician as an attendee',
  get request() {
    return z.object({ seqSchedule: idField });
  },
  get reply() {
    return reply(meetingReply, startFailures);
  },
});

export const closeMeeting = defineEndpoint({
  method: 'POST',
  path: '/meeting/chime/closeMeeting',
  access: 'manager',
  audit: { action: 'update', entity: 'meeting' },
  tag,
  summary: 'Ends the call; a visit that was not completed waits again until its time is over',
  get request() {
    return z.object({ meetingId: z.uuid({ error: 'validation.invalid' }), seqSchedule: idField });
  },
  get reply() {
    return reply({}, [FailedCode.MeetingNotFound]);
  },
});

export const meetingHeartbeat = defineEndpoint({
  method: 'POST',
  path: '/meeting/sendHeartbeat',
  access: 'manager',
  audit: { action: 'update', entity: 'meeting' },
  tag,
  summary:
    "Says the clinician's browser is still in the call; a call silent for 90 s is closed as abandoned and its visit waits again",
  get request() {
    return z.object({ meetingId: z.uuid({ error: 'validation.invalid' }), seqSchedule: idField });
  },
  get reply() {
    return reply({}, [FailedCode.MeetingNotFound]);
  },
});

/** progressTime of SPEC 3 "Completion payload": the measured length, HH:mm:ss. */
const progressTimeField = z.lazy(() => z.string().regex(/^\d{2}:[0-5]\d:[0-5]\d$/, { error: 'validation.invalid' }));

export const completeSchedule = defineEndpoint({
  method: 'PUT',
  path: '/schedule/completeSchedule',
  access: 'manager',
  audit: { action: 'update', entity: 'schedule' },
  tag: 'schedule',
  summary: 'Completes a visit with the measured start and length of its call',
  get request() {
    return z.object({
      seqSchedule: idField,
      startDatetime: z.iso.datetime({ offset: true, error: 'validation.datetime_format' }),
      progressTime: progressTimeField,
      meetingId: z.uuid({ error: 'validation.invalid' }),
    });
  },
  get reply() {
    return reply({ schedule }, [
      FailedCode.CompletionRejected,
      FailedCode.CompletionMeetingMismatch,
      FailedCode.ScheduleNotWaiting,
    ]);
  },
});

/** One thing that happened in a call, as the browser saw it. */
export const meetingEvent = z.lazy(() =>
  z.object({
    name: z.enum([
      'meetingStartRequested',
      'meetingStarted',
      'meetingStartFailed',
      'meetingEnded',
      'meetingFailed',
      'attendeePresenceReceived',
      'attendeeLeft',
      'audioInputFailed',
      'videoInputFailed',
      'deviceChanged',
      'reconnecting',
      'reconnected',
    ]),
    /** Milliseconds since the epoch. */
    timestampMs: z.number().int().nonnegative(),
    attributes: z.record(z.string().max(64), z.union([z.string().max(500), z.number(), z.boolean(), z.null()])),
  }),
);
export type MeetingEvent = z.infer<typeof meetingEvent>;

export const saveMeetingEvents = defineEndpoint({
  method: 'POST',
  path: '/meeting/saveMeetingEvents',
  access: 'manager',
  audit: { action: 'create', entity: 'meeting_event' },
  tag,
  summary: 'Keeps the events of a call the caller attended, sent once the call has ended',
  get request() {
    return z.object({
      meetingId: z.uuid({ error: 'validation.invalid' }),
      events: z.array(meetingEvent).max(meetingRules.eventsMax, { error: 'validation.too_long' }),
    });
  },
  get reply() {
    return reply({ saved: z.number().int() }, [FailedCode.MeetingNotFound]);
  },
});

// The patient's side.

export const joinMeeting = defineEndpoint({
  method: 'POST',
  path: '/patientApp/joinMeeting',
  access: 'patient',
  audit: { action: 'create', entity: 'meeting_attendee' },
  tag: 'patientApp',
  summary: 'Joins the call of a visit once the clinician has opened it and let the patient in from the waiting room',
  get request() {
    return z.object({ seqSchedule: idField });
  },
  get reply() {
    return reply(meetingReply, [
      FailedCode.MeetingNotOpen,
      FailedCode.NotAdmitted,
      FailedCode.ScheduleCompleted,
      FailedCode.ScheduleCancelled,
      FailedCode.ScheduleExpired,
    ]);
  },
});

export const waitForCall = defineEndpoint({
  method: 'POST',
  path: '/patientApp/waitForCall',
  access: 'patient',
  audit: { action: 'update', entity: 'call_lobby' },
  tag: 'patientApp',
  summary:
    "Puts the patient in the visit's waiting room, or keeps them there (every 20 s); `knock` tells the clinician again, at most once in 30 s",
  get request() {
    return z.object({ seqSchedule: idField, knock: z.boolean().default(false) });
  },
  get reply() {
    return reply(
      {
        waitingSince: z.string(),
        /** Whether the clinician has the app open (a tab that heard the patient). */
        clinicianOnline: z.boolean(),
        /** The call the clinician let the patient into, while it is open. */
        admittedMeetingId: z.string().nullable(),
      },
      [FailedCode.CallTooEarly, FailedCode.ScheduleCompleted, FailedCode.ScheduleCancelled, FailedCode.ScheduleExpired],
    );
  },
});

export const leaveWaitingRoom = defineEndpoint({
  method: 'POST',
  path: '/patientApp/leaveWaitingRoom',
  access: 'patient',
  audit: { action: 'update', entity: 'call_lobby' },
  tag: 'patientApp',
  summary: "Takes the patient out of the visit's waiting room",
  get request() {
    return z.object({ seqSchedule: idField });
  },
  get reply() {
    return success({});
  },
});

/** A patient in the waiting room of one of the clinician's visits. */
export const waitingPatient = z.lazy(() =>
  z.object({
    seqSchedule: z.number().int(),
    seqMedicalRelation: z.number().int(),
    patientName: z.string(),
    waitingSince: z.string(),
    scheduleExpectStartDatetime: z.string(),
  }),
);
export type WaitingPatient = z.infer<typeof waitingPatient>;

/**
 * A clinician's Web Push that a patient came to, or knocked at, a visit's waiting room while no tab
 * of theirs was open; it names the patient and the visit only.
 */
export const waitingNotification = z.lazy(() =>
  z.object({
    key: z.string(),
    kind: z.literal('waiting'),
    seqSchedule: z.number().int(),
    patientName: z.string(),
    time: z.string(),
  }),
);
export type WaitingNotification = z.infer<typeof waitingNotification>;

export const getWaitingPatients = defineEndpoint({
  method: 'POST',
  path: '/meeting/getWaitingPatients',
  access: 'manager',
  audit: { action: 'read', entity: 'call_lobby' },
  tag,
  summary:
    "The patients in the waiting rooms of the clinician's visits, not yet let into a call, longest waiting first",
  request: emptyRequest,
  get reply() {
    return success({ waitingList: z.array(waitingPatient) });
  },
});

export const admitPatient = defineEndpoint({
  method: 'PUT',
  path: '/meeting/admitPatient',
  access: 'manager',
  audit: { action: 'update', entity: 'call_lobby' },
  tag,
  summary: 'Lets the waiting patient into the open call of their visit',
  get request() {
    return z.object({ seqSchedule: idField, meetingId: z.uuid({ error: 'validation.invalid' }) });
  },
  get reply() {
    return reply({}, [FailedCode.MeetingNotFound, FailedCode.PatientNotWaiting]);
  },
});

/** Signalling data relayed between the two attendees of a meeting. */
export const signalData = z.lazy(() =>
  z.discriminatedUnion('kind', [
    /**
     * I am here, in this joining of the call (sent on joining and answered by the other side);
     * `answering` names the other side's joining whose hello this one answers.
     */
    z.object({
      kind: z.literal('hello'),
      sessionId: z.string().min(1).max(64),
      answering: z.string().min(1).max(64).optional(),
    }),
    /** An offer, with the sender's joining: it may come before the hello. */
    z.object({
      kind: z.literal('offer'),
      sdp: z.string().max(100_000),
      sessionId: z.string().min(1).max(64).optional(),
    }),
    /** An answer, with the joining that answers. */
    z.object({
      kind: z.literal('answer'),
      sdp: z.string().max(100_000),
      sessionId: z.string().min(1).max(64).optional(),
    }),
    /** The ICE candidates gathered together, in one message. */
    z.object({
      kind: z.literal('candidates'),
      candidates: z
        .array(
          z.object({
            candidate: z.string().max(2000),
            sdpMid: z.string().max(100).nullable(),
            sdpMLineIndex: z.number().int().min(0).max(1000).nullable(),
          }),
        )
        .min(1)
        .max(meetingRules.candidatesMax),
    }),
    /** I am leaving the call. */
    z.object({ kind: z.literal('bye') }),
  ]),
);
export type SignalData = z.infer<typeof signalData>;
