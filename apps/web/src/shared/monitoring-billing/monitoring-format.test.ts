import { describe, expect, it } from 'vitest';
import { codesText, monthLabel, recentMonths } from './monitoring-format.ts';

describe('monitoring formats', () => {
  it('lists codes with their units', () => {
    expect(codesText([])).toBe('—');
    expect(
      codesText([
        { code: '98980', units: 1 },
        { code: '98981', units: 2 },
      ]),
    ).toBe('98980, 98981 × 2');
  });

  it('names a month in progress after the codes it has earned so far', () => {
    expect(codesText([], 'In progress')).toBe('In progress');
    expect(codesText([{ code: '98977', units: 1 }], 'In progress')).toBe('98977 · In progress');
  });

  it('counts months back across a year', () => {
    expect(recentMonths('2027-02-10', 4)).toEqual(['2027-02', '2027-01', '2026-12', '2026-11']);
  });

  it('names a month in the language', () => {
    expect(monthLabel('2026-11', 'en')).toBe('November 2026');
  });
});
