import { describe, expect, it } from 'vitest';
import { ageOn, dateDisplayFormat, formatDate, parseDisplayDate } from './date-format.ts';

describe('date display per language', () => {
  it('uses YYYY.MM.DD in Korean and MM/DD/YYYY in the other languages', () => {
    expect(dateDisplayFormat('ko')).toBe('YYYY.MM.DD');
    for (const language of ['en', 'zh-HK', 'cs']) expect(dateDisplayFormat(language)).toBe('MM/DD/YYYY');
  });

  it('formats calendar dates without shifting them by time zone', () => {
    expect(formatDate('1956-03-09', 'ko')).toBe('1956.03.09');
    expect(formatDate('1956-03-09', 'en')).toBe('03/09/1956');
    expect(formatDate('1956-03-09', 'cs')).toBe('03/09/1956');
    expect(formatDate('2026-12-31', 'zh-HK')).toBe('12/31/2026');
  });

  it('formats date-times by their local date', () => {
    const local = new Date(2026, 0, 5, 23, 30);
    expect(formatDate(local.toISOString(), 'en')).toBe('01/05/2026');
    expect(formatDate(local.toISOString(), 'ko')).toBe('2026.01.05');
  });

  it('is empty for nothing', () => {
    expect(formatDate(null, 'en')).toBe('');
    expect(formatDate('nonsense', 'en')).toBe('');
  });
});

describe('parseDisplayDate', () => {
  it('reads the format of the language', () => {
    expect(parseDisplayDate('03/09/1956', 'en')).toBe('1956-03-09');
    expect(parseDisplayDate('3/9/1956', 'cs')).toBe('1956-03-09');
    expect(parseDisplayDate('1956.03.09', 'ko')).toBe('1956-03-09');
    expect(parseDisplayDate('1956-03-09', 'zh-HK')).toBe('1956-03-09');
  });

  it('refuses dates that do not exist or the other format', () => {
    expect(parseDisplayDate('02/30/2020', 'en')).toBeUndefined();
    expect(parseDisplayDate('1956.03.09', 'en')).toBeUndefined();
    expect(parseDisplayDate('hello', 'ko')).toBeUndefined();
  });
});

describe('ageOn', () => {
  it('counts whole years', () => {
    expect(ageOn('1956-03-09', new Date(2026, 2, 8))).toBe(69);
    expect(ageOn('1956-03-09', new Date(2026, 2, 9))).toBe(70);
  });
});
