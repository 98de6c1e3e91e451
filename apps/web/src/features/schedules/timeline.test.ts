import { describe, expect, it } from 'vitest';
import {
  newWindow,
  timelineClocks,
  timelineOfWeek,
  validateWeek,
  weekOfTimeline,
  windowErrorsOfReply,
  type WeekWindows,
} from './timeline.ts';

function week(windows: Partial<Record<number, [string, string][]>>): WeekWindows {
  const result: WeekWindows = {};
  for (const day of [1, 2, 3, 4, 5, 6, 7]) {
    result[day] = (windows[day] ?? []).map(([startTime, endTime], index) => ({
      key: `${day}-${index}`,
      startTime,
      endTime,
    }));
  }
  return result;
}

describe('open hours editor', () => {
  it('offers 07:00 to 21:00 every 15 minutes', () => {
    expect(timelineClocks[0]).toBe('07:00');
    expect(timelineClocks.at(-1)).toBe('21:00');
    expect(timelineClocks).toHaveLength(57);
    expect(timelineClocks[1]).toBe('07:15');
  });

  it('sorts the server windows into weekdays and back, Monday first', () => {
    const editor = weekOfTimeline([
      { dayOfWeek: 7, startTime: '10:00', endTime: '11:00' },
      { dayOfWeek: 1, startTime: '14:00', endTime: '18:00' },
      { dayOfWeek: 1, startTime: '09:00', endTime: '12:00' },
    ]);
    expect(editor[1]?.map((window) => window.startTime)).toEqual(['09:00', '14:00']);
    expect(editor[3]).toEqual([]);
    const { keys, timeline } = timelineOfWeek(editor);
    expect(keys).toHaveLength(3);
    expect(timeline).toEqual([
      { dayOfWeek: 1, startTime: '09:00', endTime: '12:00' },
      { dayOfWeek: 1, startTime: '14:00', endTime: '18:00' },
      { dayOfWeek: 7, startTime: '10:00', endTime: '11:00' },
    ]);
  });

  it('adds a morning window to an empty day and a later one after the last', () => {
    expect(newWindow([])).toMatchObject({ startTime: '09:00', endTime: '12:00' });
    expect(newWindow([{ key: 'a', startTime: '09:00', endTime: '12:00' }])).toMatchObject({
      startTime: '13:00',
      endTime: '14:00',
    });
    expect(newWindow([{ key: 'a', startTime: '09:00', endTime: '21:00' }])).toMatchObject({
      startTime: '20:00',
      endTime: '21:00',
    });
  });

  it('accepts touching windows and windows on different days', () => {
    expect(
      validateWeek(
        week({
          1: [
            ['09:00', '12:00'],
            ['12:00', '13:00'],
          ],
          2: [['09:00', '12:00']],
        }),
      ),
    ).toEqual({});
  });

  it('refuses an end not after the start', () => {
    expect(validateWeek(week({ 3: [['10:00', '10:00']] }))).toEqual({ '3-0': { endTime: 'validation.range_order' } });
  });

  it('refuses overlapping windows of one day', () => {
    expect(
      validateWeek(
        week({
          1: [
            ['09:00', '12:00'],
            ['11:45', '13:00'],
          ],
        }),
      ),
    ).toEqual({
      '1-0': { startTime: 'validation.timeline_overlap' },
      '1-1': { startTime: 'validation.timeline_overlap' },
    });
  });

  it('refuses clocks off the grid', () => {
    expect(validateWeek(week({ 2: [['06:45', '08:00']] }))).toEqual({
      '2-0': { startTime: 'validation.schedule_slot' },
    });
    expect(validateWeek(week({ 2: [['21:00', '21:00']] }))).toEqual({
      '2-0': { startTime: 'validation.schedule_slot' },
    });
  });

  it('maps field errors of a 400 reply back to the windows', () => {
    expect(
      windowErrorsOfReply(
        [
          { path: 'timeline.1.endTime', code: 'validation.range_order' },
          { path: 'timeline', code: 'validation.timeline_overlap' },
        ],
        ['a', 'b'],
      ),
    ).toEqual({ windows: { b: { endTime: 'validation.range_order' } }, general: 'validation.timeline_overlap' });
  });
});
