import { exerciseSettings } from '@clinic/contract';
import { describe, expect, it } from 'vitest';
import { initialValues, jointsOf, settingsOf } from './exercise-settings.ts';
import { romSeries } from './rom-series.ts';

describe('exercise form settings', () => {
  it('offers only the joints of the device', () => {
    expect(jointsOf(2)).toEqual([3, 4]);
    expect(jointsOf(1)).toEqual([1, 2, 3, 4, 5]);
  });

  it('starts a new pro exercise on the knee with settings the contract accepts', () => {
    const values = initialValues(2, null);
    expect(values.position).toBe(3);
    const parsed = exerciseSettings.safeParse(settingsOf(2, values));
    expect(parsed.success).toBe(true);
  });

  it('keeps only the settings that apply and one of count or time', () => {
    const settings = settingsOf(1, { ...initialValues(1, null), mode: 1, byTime: true, timePerSetMinutes: 5 });
    expect(settings.speed).toBe(5);
    expect(settings.assistance).toBeNull();
    expect(settings.deviceHeight).toBeNull();
    expect(settings.countPerSet).toBeNull();
    expect(settings.timePerSetMinutes).toBe(5);
    expect(settings.exerciseGuide).toEqual({ exerciseGuideTime: '00:30:00', exerciseGuideEvent: 'RomExercise' });
  });

  it('refuses a ROM gap under 10 degrees with the contract key', () => {
    const parsed = exerciseSettings.safeParse(settingsOf(2, { ...initialValues(2, null), minRom: 40, maxRom: 45 }));
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.message)).toContain('validation.rom_gap');
  });
});

describe('ROM chart series', () => {
  it('puts each day against the prescription running that day', () => {
    const series = romSeries({
      days: [
        { date: '2026-03-02', minAngle: 10, maxAngle: 60, exerciseSeconds: 600, sessions: 2 },
        { date: '2026-03-01', minAngle: 12, maxAngle: 55, exerciseSeconds: 90, sessions: 1 },
        { date: '2026-05-01', minAngle: 8, maxAngle: 70, exerciseSeconds: 60, sessions: 1 },
      ],
      prescriptions: [
        {
          seqExercise: 1,
          position: 3,
          mode: 0,
          minRom: 0,
          maxRom: 90,
          createdAt: '2026-02-01T00:00:00Z',
          dueDate: '2026-04-01',
        },
      ],
    });
    expect(series.maxAngle).toEqual([55, 60, 70]);
    expect(series.minutes).toEqual([1.5, 10, 1]);
    expect(series.prescribedMax).toEqual([90, 90, null]);
    expect(series.x[1]! - series.x[0]!).toBe(86_400);
  });
});
