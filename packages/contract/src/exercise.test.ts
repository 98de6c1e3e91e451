import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exerciseSettings } from './exercise.ts';
import {
  applicableFields,
  clockToSeconds,
  romRanges,
  secondsToClock,
  type DeviceType,
  type Position,
} from './exercise-rules.ts';

const base = {
  direction: 1,
  method: 1,
  strength: 5,
  frequency: 2,
  countPerSet: 10,
  sets: 3,
  dueDate: '2030-01-01',
  speed: 5,
  assistance: 0,
  resistanceSensitivity: 5,
  deviceHeight: 4,
  upDelay: 2,
  downDelay: 2,
  upLimit: 30,
  downLimit: 30,
  exerciseGuide: { exerciseGuideTime: '00:20:00', exerciseGuideEvent: 'RomExercise' },
};

const joints = Object.entries(romRanges).flatMap(([device, byJoint]) =>
  Object.entries(byJoint).map(([position, range]) => ({
    deviceType: Number(device) as DeviceType,
    position: Number(position) as Position,
    range: range,
  })),
);
const messagesOf = (value: unknown): string[] => {
  const result = exerciseSettings.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('ROM rules (SPEC 5), for every joint of both devices', () => {
  it('accepts any min and max inside the ranges with a gap of at least 10 degrees', () => {
    for (const { deviceType, position, range } of joints) {
      fc.assert(
        fc.property(
          fc.integer({ min: range.min[0], max: range.min[1] }),
          fc.integer({ min: range.max[0], max: range.max[1] }),
          fc.constantFrom(0, 1, 2, 3),
          (minRom, maxRom, mode) => {
            fc.pre(maxRom - minRom >= 10);
            expect(
              messagesOf({ ...base, deviceType, position, mode, method: position <= 2 ? 1 : 4, minRom, maxRom }),
            ).toEqual([]);
          },
        ),
        { seed: position * 10 + deviceType, numRuns: 200 },
      );
    }
  });

  it('refuses a gap under 10 degrees, a max not above the min, and angles outside the range', () => {
    for (const { deviceType, position, range } of joints) {
      fc.assert(
        fc.property(
          fc.integer({ min: range.min[0], max: range.min[1] }),
          fc.integer({ min: -9, max: 9 }),
          (minRom, delta) => {
            const messages = messagesOf({
              ...base,
              deviceType,
              position,
              mode: 0,
              method: 1,
              minRom,
              maxRom: minRom + delta,
            });
            expect(
              messages.some((message) =>
                ['validation.rom_gap', 'validation.rom_max_above_min', 'validation.rom_out_of_range'].includes(message),
              ),
            ).toBe(true);
          },
        ),
        { seed: 100 + position, numRuns: 200 },
      );
      const outside = messagesOf({
        ...base,
        deviceType,
        position,
        mode: 0,
        method: 1,
        minRom: range.min[0] - 1,
        maxRom: range.max[1] + 1,
      });
      expect(outside.filter((message) => message === 'validation.rom_out_of_range')).toHaveLength(2);
    }
  });

  it('reads the knee and the ankle differently on the pro device, and has no elbow there', () => {
    const knee = { ...base, position: 3, mode: 0, method: 4, minRom: 20, maxRom: 120 };
    expect(messagesOf({ ...knee, deviceType: 2 })).toEqual([]);
    expect(messagesOf({ ...knee, deviceType: 1 })).toContain('validation.rom_out_of_range');
    const ankle = { ...base, position: 4, mode: 0, method: 4, minRom: -40, maxRom: 10 };
    expect(messagesOf({ ...ankle, deviceType: 2 })).toEqual([]);
    expect(messagesOf({ ...ankle, deviceType: 1 })).toContain('validation.rom_out_of_range');
    expect(messagesOf({ ...base, deviceType: 2, position: 1, mode: 0, minRom: 10, maxRom: 90 })).toContain(
      'validation.position_not_on_device',
    );
  });
});

describe('exercise settings (SPEC 5)', () => {
  const knee = { ...base, deviceType: 1, position: 3, mode: 1, method: 4, minRom: 10, maxRom: 70 };

  it('takes a count or a time per set, never both or neither', () => {
    expect(messagesOf({ ...knee, countPerSet: 10, timePerSetMinutes: 5 })).toContain('validation.count_or_time');
    expect(messagesOf({ ...knee, countPerSet: null, timePerSetMinutes: null })).toContain('validation.count_or_time');
    expect(messagesOf({ ...knee, countPerSet: null, timePerSetMinutes: 5 })).toEqual([]);
  });

  it('bounds every number as the spec says', () => {
    const bounds: [string, number, number][] = [
      ['countPerSet', 1, 254],
      ['sets', 1, 99],
      ['speed', 1, 10],
    ];
    for (const [field, low, high] of bounds) {
      expect(messagesOf({ ...knee, [field]: low })).toEqual([]);
      expect(messagesOf({ ...knee, [field]: high })).toEqual([]);
      expect(messagesOf({ ...knee, [field]: low - 1 })).toContain('validation.out_of_range');
      expect(messagesOf({ ...knee, [field]: high + 1 })).toContain('validation.out_of_range');
    }
    const active = { ...knee, mode: 0 };
    for (const [field, low, high] of [
      ['resistanceSensitivity', 1, 10],
      ['assistance', -10, 10],
    ] as const) {
      expect(messagesOf({ ...active, [field]: low - 1 })).toContain('validation.out_of_range');
      expect(messagesOf({ ...active, [field]: high + 1 })).toContain('validation.out_of_range');
    }
    const pro = { ...knee, deviceType: 2 };
    for (const field of ['upDelay', 'downDelay', 'upLimit', 'downLimit']) {
      expect(messagesOf({ ...pro, [field]: 3600 })).toEqual([]);
      expect(messagesOf({ ...pro, [field]: 3601 })).toContain('validation.out_of_range');
      expect(messagesOf({ ...pro, [field]: 0 })).toContain('validation.out_of_range');
    }
    expect(messagesOf({ ...pro, deviceHeight: 10 })).toContain('validation.out_of_range');
  });

  it('requires exactly the settings that apply to the device, mode and joint, except the memo', () => {
    fc.assert(
      fc.property(fc.constantFrom(...joints), fc.constantFrom(0, 1, 2, 3), ({ deviceType, position, range }, mode) => {
        const valid = {
          ...base,
          deviceType,
          position,
          mode,
          method: position <= 2 ? 2 : 5,
          minRom: range.min[0],
          maxRom: range.min[0] + 20,
        };
        for (const field of applicableFields(deviceType, mode, position)) {
          expect(messagesOf({ ...valid, [field]: null })).toContain('validation.required');
        }
        expect(messagesOf({ ...valid, memo: undefined })).toEqual([]);
      }),
      { seed: 5, numRuns: 100 },
    );
  });

  it('checks the method against the joint', () => {
    expect(messagesOf({ ...knee, method: 9 })).toEqual([]);
    expect(messagesOf({ ...knee, position: 1, method: 4, minRom: 10, maxRom: 90 })).toContain(
      'validation.out_of_range',
    );
  });

  it('sends the guide time as HH:MM:SS converted from seconds', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 359_999 }), (seconds) => {
        expect(clockToSeconds(secondsToClock(seconds))).toBe(seconds);
      }),
      { seed: 9 },
    );
    expect(secondsToClock(3725)).toBe('01:02:05');
    expect(
      messagesOf({ ...knee, exerciseGuide: { exerciseGuideTime: '20:00', exerciseGuideEvent: 'RomExercise' } }),
    ).not.toEqual([]);
  });
});
