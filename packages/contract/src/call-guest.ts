import { z } from 'zod';
import { defineEndpoint, reply, success } from './endpoint.ts';
import { FailedCode } from './errors.ts';
import { meetingReply } from './meeting.ts';
import { idField, nameField, optionalEmailField } from './validation.ts';

/** Guests of a video visit: a caregiver or an interpreter invited by link (issue 37, decision 0019). */
export const guestRules = {
  /** A link opens once, within this many minutes unless the clinician picks another time. */
  defaultValidMinutes: 15,
  /** The times the clinician may pick, in minutes; null is until the visit's end. */
  validMinutesChoices: [15, 30, 60, null],
  /** Guests of one visit at once (not removed, link not expired): with the clinician and the patient, a mesh of four. */
  perVisitMax: 2,
  /** Links opened (or tried) from one network, at most, in `openWindowSeconds`. */
  opensMax: 10,
  openWindowSeconds: 600,
  /** The most video a party sends on each pair in a call with guests (bits per second): two or three fit a home uplink. */
  maxVideoBitrate: 600_000,
  /** Where the link opens, in the patient app; the token follows in the fragment, which no server sees. */
  linkPath: '/patient/guest',
} as const;

export const guestRoles = ['caregiver', 'interpreter'] as const;
export type GuestRole = (typeof guestRoles)[number];

/** A guest as the clinician sees them. */
export const callGuest = z.lazy(() =>
  z.object({
    guestId: z.string(),
    /** The name and role the guest gave when opening the link; null before. */
    name: z.string().nullable(),
    role: z.enum(guestRoles).nullable(),
    /**
     * invited: the link is not opened yet; expired: nor will it be; waiting: in the waiting room;
     * admitted: let into the open call; left: opened the link but is no longer there; removed.
     */
    state: z.enum(['invited', 'expired', 'waiting', 'admitted', 'left', 'removed']),
    expiresAt: z.string(),
    waitingSince: z.string().nullable(),
  }),
);
export type CallGuest = z.infer<typeof callGuest>;

/** The link's token, from the URL's fragment. */
const linkTokenField = z.lazy(() => z.string().regex(/^[A-Za-z0-9_-]{43}$/, { error: 'validation.link_invalid' }));
/** What a guest's own token starts with: the realtime socket tells it from an access token so. */
export const guestTokenPrefix = 'guest.';
/** The guest's own token, given when the link opened; it names the guest to every later call. */
const guestTokenField = z.lazy(() =>
  z.string().regex(/^guest\.[A-Za-z0-9_-]{43}$/, { error: 'validation.link_invalid' }),
);

const tag = 'meeting';

export const inviteGuest = defineEndpoint({
  method: 'POST',
  path: '/meeting/inviteGuest',
  access: 'manager',
  audit: { action: 'create', entity: 'call_guest' },
  tag,
  summary:
    "Makes a single-use link for a guest of the visit's call (15 minutes unless another time is picked, at most until the visit's end), mailed when an address is given",
  get request() {
    return z.object({
      seqSchedule: idField,
      validMinutes: z
        .union([z.literal(15), z.literal(30), z.literal(60), z.null()], { error: 'validation.invalid' })
        .default(guestRules.defaultValidMinutes),
      email: optionalEmailField.optional(),
    });
  },
  get reply() {
    return reply({ guest: callGuest, link: z.string() }, [
      FailedCode.ScheduleCompleted,
      FailedCode.ScheduleCancelled,
      FailedCode.ScheduleExpired,
      FailedCode.GuestLimitReached,
    ]);
  },
});

export const getGuests = defineEndpoint({
  method: 'POST',
  path: '/meeting/getGuests',
  access: 'manager',
  audit: { action: 'read', entity: 'call_guest' },
  tag,
  summary: "The guests invited to the visit's call, the latest first",
  get request() {
    return z.object({ seqSchedule: idField });
  },
  get reply() {
    return success({ guests: z.array(callGuest) });
  },
});

export const admitGuest = defineEndpoint({
  method: 'PUT',
  path: '/meeting/admitGuest',
  access: 'manager',
  audit: { action: 'update', entity: 'call_guest' },
  tag,
  summary: 'Lets a waiting guest into the open call of the visit',
  get request() {
    return z.object({ seqSchedule: idField, guestId: z.uuid({ error: 'validation.invalid' }), meetingId: z.uuid() });
  },
  get reply() {
    return reply({}, [FailedCode.MeetingNotFound, FailedCode.GuestNotWaiting]);
  },
});

export const removeGuest = defineEndpoint({
  method: 'PUT',
  path: '/meeting/removeGuest',
  access: 'manager',
  audit: { action: 'delete', entity: 'call_guest' },
  tag,
  summary: 'Takes a guest out of the call and the waiting room for good; an unopened link stops working',
  get request() {
    return z.object({ seqSchedule: idField, guestId: z.uuid({ error: 'validation.invalid' }) });
  },
  get reply() {
    return success({});
  },
});

// The guest's side: no account, the guest's token in the body (never in a URL). Like a login, each
// call audits itself, with the guest's name and, for a refusal, its reason (decision 0019).

/** What a guest may know of the visit: who they will see, and when. */
export const guestVisit = z.lazy(() =>
  z.object({
    clinicianName: z.string(),
    expectStartDatetime: z.string(),
    expectEndDatetime: z.string(),
  }),
);

export const openGuestLink = defineEndpoint({
  method: 'POST',
  path: '/guest/openLink',
  access: 'public',
  audit: false,
  tag: 'guest',
  summary:
    "Opens a guest link, once: the guest gives a name and role and gets a token of their own for the visit's waiting room and call",
  get request() {
    return z.object({
      token: linkTokenField,
      name: nameField,
      role: z.enum(guestRoles, { error: 'validation.invalid' }),
    });
  },
  get reply() {
    return reply({ guestToken: z.string(), guestId: z.string(), visit: guestVisit }, [FailedCode.GuestLinkRefused]);
  },
});

export const waitAsGuest = defineEndpoint({
  method: 'POST',
  path: '/guest/waitForCall',
  access: 'public',
  audit: false,
  tag: 'guest',
  summary:
    "Puts the guest in the visit's waiting room, or keeps them there (every 20 s); `knock` tells the clinician again, at most once in 30 s",
  get request() {
    return z.object({ guestToken: guestTokenField, knock: z.boolean().default(false) });
  },
  get reply() {
    return reply(
      {
        waitingSince: z.string(),
        clinicianOnline: z.boolean(),
        admittedMeetingId: z.string().nullable(),
        visit: guestVisit,
      },
      [FailedCode.GuestLinkRefused],
    );
  },
});

export const leaveAsGuest = defineEndpoint({
  method: 'POST',
  path: '/guest/leaveWaitingRoom',
  access: 'public',
  audit: false,
  tag: 'guest',
  summary: 'Takes the guest out of the waiting room',
  get request() {
    return z.object({ guestToken: guestTokenField });
  },
  get reply() {
    return reply({}, [FailedCode.GuestLinkRefused]);
  },
});

export const joinAsGuest = defineEndpoint({
  method: 'POST',
  path: '/guest/joinMeeting',
  access: 'public',
  audit: false,
  tag: 'guest',
  summary: 'Joins the call the clinician let the guest into',
  get request() {
    return z.object({ guestToken: guestTokenField });
  },
  get reply() {
    return reply(meetingReply, [FailedCode.GuestLinkRefused, FailedCode.NotAdmitted]);
  },
});
