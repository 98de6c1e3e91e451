import { meetingRules } from '@clinic/contract';
import { describe, expect, it } from 'vitest';
import { createMeetingEventLog, historyWithin } from './meeting-events.ts';

describe('meeting events', () => {
  it('keeps only the last 5 minutes in the history of a failure event', () => {
    let now = 0;
    const log = createMeetingEventLog(() => now);
    log.add('meetingStartRequested');
    now = 60_000;
    log.add('meetingStarted', { attendeeId: 'a' });
    now = 60_000 + meetingRules.eventHistoryMs;
    log.add('reconnecting');
    now += 1;
    log.add('meetingFailed', { code: 19 });
    const failed = log.events().at(-1);
    expect(failed?.name).toBe('meetingFailed');
    expect(failed?.attributes.code).toBe(19);
    // meetingStarted is 5 min + 1 ms old: outside the window; the start request even more so.
    expect(failed?.attributes.meetingHistory).toBe(`reconnecting@${60_000 + meetingRules.eventHistoryMs}`);
    expect(log.events()[1]?.attributes).toEqual({ attendeeId: 'a' });
  });

  it('includes an event exactly 5 minutes old and nothing from the future', () => {
    const event = (timestampMs: number) => ({ name: 'reconnected' as const, timestampMs, attributes: {} });
    const at = 1_000_000;
    const window = historyWithin(
      [event(at - meetingRules.eventHistoryMs - 1), event(at - meetingRules.eventHistoryMs), event(at), event(at + 1)],
      at,
    );
    expect(window.map((item) => item.timestampMs)).toEqual([at - meetingRules.eventHistoryMs, at]);
  });

  it('keeps at most the upload limit and can be cleared', () => {
    const log = createMeetingEventLog(() => 1);
    for (let index = 0; index < meetingRules.eventsMax + 5; index += 1) log.add('deviceChanged');
    expect(log.events()).toHaveLength(meetingRules.eventsMax);
    log.clear();
    expect(log.events()).toEqual([]);
  });
});
