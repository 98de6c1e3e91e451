import { meetingRules, type MeetingEvent } from '@clinic/contract';

export type MeetingEventName = MeetingEvent['name'];
type Attributes = MeetingEvent['attributes'];

/** Failure events carry a history of what came before; only the last 5 minutes of it (SPEC 7, 9). */
const failureEvents: ReadonlySet<MeetingEventName> = new Set([
  'meetingStartFailed',
  'meetingFailed',
  'audioInputFailed',
  'videoInputFailed',
]);

export interface MeetingEventLog {
  add(name: MeetingEventName, attributes?: Attributes): void;
  /** The events so far, at most meetingRules.eventsMax (the newest). */
  events(): MeetingEvent[];
  clear(): void;
}

/** Names of the events within `windowMs` before `at` (at included), oldest first, as a short text. */
export function historyWithin(
  events: readonly MeetingEvent[],
  at: number,
  windowMs: number = meetingRules.eventHistoryMs,
): MeetingEvent[] {
  return events.filter((event) => event.timestampMs <= at && at - event.timestampMs <= windowMs);
}

function historyText(history: readonly MeetingEvent[]): string {
  const text = history.map((event) => `${event.name}@${event.timestampMs}`).join(',');
  // An attribute holds at most 500 characters: the oldest part goes.
  return text.length > 500 ? text.slice(text.length - 500) : text;
}

/** Collects a call's events; failure events get `meetingHistory` with the last 5 minutes only. */
export function createMeetingEventLog(now: () => number = Date.now): MeetingEventLog {
  let list: MeetingEvent[] = [];
  return {
    add(name, attributes = {}) {
      const timestampMs = now();
      const extra: Attributes = failureEvents.has(name)
        ? { meetingHistory: historyText(historyWithin(list, timestampMs)) }
        : {};
      list.push({ name, timestampMs, attributes: { ...attributes, ...extra } });
      if (list.length > meetingRules.eventsMax) list = list.slice(list.length - meetingRules.eventsMax);
    },
    events: () => [...list],
    clear() {
      list = [];
    },
  };
}
