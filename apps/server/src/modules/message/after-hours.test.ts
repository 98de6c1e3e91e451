import { describe, expect, it } from 'vitest';
import { autoReplyAt, openState, textFor, type AwaySettings, type WeeklyHours } from './after-hours.ts';

/** Weekdays 09:00–12:00 and 13:00–17:00 in Prague. */
const hours: WeeklyHours = {
  timeZone: 'Europe/Prague',
  windows: [1, 2, 3, 4, 5].flatMap((dayOfWeek) => [
    { dayOfWeek, startMinute: 9 * 60, endMinute: 12 * 60 },
    { dayOfWeek, startMinute: 13 * 60, endMinute: 17 * 60 },
  ]),
};
const settings: AwaySettings = {
  afterHoursTexts: { en: 'Closed.', ko: '휴무입니다.' },
  vacation: null,
  timeZone: 'Europe/Prague',
};

describe('open hours', () => {
  it('tell whether the clinician is open, and when they next open', () => {
    // Friday 2026-11-27, 10:00 in Prague.
    expect(openState(hours, new Date('2026-11-27T09:00:00Z'))).toEqual({
      open: true,
      nextOpenAt: new Date('2026-11-27T12:00:00Z'),
    });
    // The lunch break, then the weekend to Monday morning.
    expect(openState(hours, new Date('2026-11-27T11:30:00Z')).open).toBe(false);
    expect(openState(hours, new Date('2026-11-27T16:00:00Z'))).toEqual({
      open: false,
      nextOpenAt: new Date('2026-11-30T08:00:00Z'),
    });
    expect(openState({ timeZone: 'UTC', windows: [] }, new Date())).toEqual({ open: false, nextOpenAt: undefined });
  });

  it('follow the clock change of their zone', () => {
    // Monday 2026-03-30, after Central Europe moved to summer time: 09:00 is 07:00 UTC.
    expect(openState(hours, new Date('2026-03-29T20:00:00Z')).nextOpenAt).toEqual(new Date('2026-03-30T07:00:00Z'));
  });
});

describe('the automatic reply', () => {
  it('answers one closed period with one period name, the next one with another', () => {
    const friday = autoReplyAt(hours, settings, new Date('2026-11-27T16:30:00Z'), 'ko');
    const saturday = autoReplyAt(hours, settings, new Date('2026-11-28T10:00:00Z'), 'ko');
    expect(friday).toEqual({
      kind: 'afterHours',
      text: '휴무입니다.',
      nextOpenAt: new Date('2026-11-30T08:00:00Z'),
      period: 'closed:2026-11-30T08:00:00.000Z',
    });
    expect(saturday?.period).toBe(friday?.period);
    expect(autoReplyAt(hours, settings, new Date('2026-11-30T11:30:00Z'), 'ko')?.period).toBe(
      'closed:2026-11-30T12:00:00.000Z',
    );
  });

  it('is none during open hours, without open hours, or without a text', () => {
    expect(autoReplyAt(hours, settings, new Date('2026-11-27T09:00:00Z'), 'en')).toBeUndefined();
    expect(autoReplyAt({ ...hours, windows: [] }, settings, new Date('2026-11-27T20:00:00Z'), 'en')).toBeUndefined();
    expect(autoReplyAt(hours, undefined, new Date('2026-11-27T20:00:00Z'), 'en')).toBeUndefined();
    expect(
      autoReplyAt(hours, { ...settings, afterHoursTexts: { en: '  ' } }, new Date('2026-11-27T20:00:00Z'), 'en'),
    ).toBeUndefined();
  });

  it('carries the vacation’s text through the vacation, open hours or not, with the first opening after it', () => {
    const away: AwaySettings = {
      ...settings,
      vacation: { from: '2026-12-01', to: '2026-12-03', texts: { cs: 'Dovolená.' } },
    };
    const reply = autoReplyAt(hours, away, new Date('2026-12-02T10:00:00Z'), 'en');
    expect(reply).toEqual({
      kind: 'vacation',
      text: 'Dovolená.',
      nextOpenAt: new Date('2026-12-04T08:00:00Z'),
      period: 'vacation:2026-12-01:2026-12-03',
    });
    expect(autoReplyAt(hours, away, new Date('2026-12-04T09:00:00Z'), 'en')).toBeUndefined();
  });

  it('is written in the patient’s language, else English, else any the clinician wrote', () => {
    expect(textFor({ en: 'Closed', cs: 'Zavřeno' }, 'cs')).toBe('Zavřeno');
    expect(textFor({ en: 'Closed', cs: 'Zavřeno' }, 'ko')).toBe('Closed');
    expect(textFor({ 'zh-HK': '休息' }, 'ko')).toBe('休息');
    expect(textFor({}, 'ko')).toBeUndefined();
  });
});
