import { describe, expect, it } from 'vitest';
import { dayAxisOptions, dayIncrements, dayTickLabels } from './day-axis.ts';

const day = 86_400;
const at = (year: number, month: number, date: number): number => new Date(year, month - 1, date).getTime() / 1000;

describe('the date axis of day charts', () => {
  it('names days in the app language, with the year under the first tick and each new year', () => {
    const ticks = [at(2026, 12, 30), at(2026, 12, 31), at(2027, 1, 1)];
    expect(dayTickLabels('en', ticks, day)).toEqual(['Dec 30\n2026', 'Dec 31', 'Jan 1\n2027']);
    expect(dayTickLabels('ko', ticks, day)).toEqual(['12월 30일\n2026년', '12월 31일', '1월 1일\n2027년']);
    expect(dayTickLabels('zh-HK', ticks, day)).toEqual(['12月30日\n2026年', '12月31日', '1月1日\n2027年']);
    expect(dayTickLabels('cs', ticks, day)).toEqual(['30. 12.\n2026', '31. 12.', '1. 1.\n2027']);
  });

  it('names months for steps of a month and years for steps of a year', () => {
    const months = [at(2026, 11, 1), at(2026, 12, 1), at(2027, 1, 1)];
    expect(dayTickLabels('ko', months, 30 * day)).toEqual(['11월\n2026년', '12월', '1월\n2027년']);
    expect(dayTickLabels('cs', [at(2026, 1, 1), at(2027, 1, 1)], 365 * day)).toEqual(['2026', '2027']);
  });

  it('shows the hovered day in the app date format and steps by whole days', () => {
    const { axis, legendValue } = dayAxisOptions('ko');
    expect(axis.incrs).toBe(dayIncrements);
    expect(dayIncrements.every((step) => step % day === 0)).toBe(true);
    if (typeof legendValue !== 'function') throw new Error('no legend formatter');
    const plot = {} as Parameters<typeof legendValue>[0];
    expect(legendValue(plot, at(2026, 3, 5), 0, 0)).toBe('2026.03.05');
    expect(legendValue(plot, null as unknown as number, 0, null)).toBe('');
  });
});
