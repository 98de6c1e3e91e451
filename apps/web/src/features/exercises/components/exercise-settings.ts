import {
  applicableFields,
  clockToSeconds,
  methodRange,
  romRanges,
  secondsToClock,
  type DeviceType,
  type Exercise,
  type ExerciseField,
} from '@clinic/contract';
import dayjs from 'dayjs';
import { todayIso } from '../../../shared/dates/date-format.ts';

export type Num = number | '';

export interface ExerciseFormValues {
  mode: number;
  position: number;
  direction: number;
  method: Num;
  strength: Num;
  frequency: Num;
  byTime: boolean;
  countPerSet: Num;
  timePerSetMinutes: Num;
  sets: Num;
  dueDate: string;
  minRom: Num;
  maxRom: Num;
  speed: Num;
  assistance: Num;
  resistanceSensitivity: Num;
  deviceHeight: Num;
  upDelay: Num;
  downDelay: Num;
  upLimit: Num;
  downLimit: Num;
  memo: string;
  /** The session length the device is guided by, in minutes. */
  guideMinutes: Num;
}

/** The joints a device has, in the order of the enumeration. */
export function jointsOf(deviceType: DeviceType): number[] {
  return Object.keys(romRanges[deviceType])
    .map(Number)
    .sort((a, b) => a - b);
}

/** A new prescription's starting values: the first joint of the device over its whole range. */
export function initialValues(deviceType: DeviceType, exercise: Exercise | null): ExerciseFormValues {
  if (exercise) {
    return {
      mode: exercise.mode,
      position: exercise.position,
      direction: exercise.direction,
      method: exercise.method ?? '',
      strength: exercise.strength,
      frequency: exercise.frequency,
      byTime: exercise.timePerSetMinutes !== null,
      countPerSet: exercise.countPerSet ?? '',
      timePerSetMinutes: exercise.timePerSetMinutes ?? '',
      sets: exercise.sets,
      dueDate: exercise.dueDate.slice(0, 10),
      minRom: exercise.minRom,
      maxRom: exercise.maxRom,
      speed: exercise.speed ?? '',
      assistance: exercise.assistance ?? '',
      resistanceSensitivity: exercise.resistanceSensitivity ?? '',
      deviceHeight: exercise.deviceHeight ?? '',
      upDelay: exercise.upDelay ?? '',
      downDelay: exercise.downDelay ?? '',
      upLimit: exercise.upLimit ?? '',
      downLimit: exercise.downLimit ?? '',
      memo: exercise.memo ?? '',
      guideMinutes: Math.max(1, Math.round(clockToSeconds(exercise.exerciseGuide.exerciseGuideTime) / 60)),
    };
  }
  const position = jointsOf(deviceType)[0] ?? 3;
  const range = romRanges[deviceType][position as 3];
  return {
    mode: 0,
    position,
    direction: 1,
    method: methodRange(position)[0],
    strength: 5,
    frequency: 1,
    byTime: false,
    countPerSet: 10,
    timePerSetMinutes: '',
    sets: 3,
    dueDate: dayjs(todayIso()).add(30, 'day').format('YYYY-MM-DD'),
    minRom: range?.min[0] ?? 0,
    maxRom: range?.max[1] ?? 0,
    speed: 5,
    assistance: 0,
    resistanceSensitivity: 5,
    deviceHeight: 0,
    upDelay: 1,
    downDelay: 1,
    upLimit: 60,
    downLimit: 60,
    memo: '',
    guideMinutes: 30,
  };
}

const orNull = (value: Num): number | null => (value === '' ? null : value);
const orNaN = (value: Num): number => (value === '' ? Number.NaN : value);

/** The request's settings: only the fields that apply to the device, mode and joint are kept. */
export function settingsOf(deviceType: DeviceType, values: ExerciseFormValues): Record<string, unknown> {
  const applies = new Set<ExerciseField>(applicableFields(deviceType, values.mode, values.position));
  const optional = (field: ExerciseField): number | null => (applies.has(field) ? orNull(values[field]) : null);
  const guideSeconds = values.guideMinutes === '' ? 0 : values.guideMinutes * 60;
  const memo = values.memo.trim();
  return {
    deviceType,
    mode: values.mode,
    position: values.position,
    direction: values.direction,
    method: optional('method'),
    strength: orNaN(values.strength),
    frequency: orNaN(values.frequency),
    countPerSet: values.byTime ? null : orNull(values.countPerSet),
    timePerSetMinutes: values.byTime ? orNull(values.timePerSetMinutes) : null,
    sets: orNaN(values.sets),
    dueDate: values.dueDate,
    minRom: values.minRom === '' ? undefined : values.minRom,
    maxRom: values.maxRom === '' ? undefined : values.maxRom,
    speed: optional('speed'),
    assistance: optional('assistance'),
    resistanceSensitivity: optional('resistanceSensitivity'),
    deviceHeight: optional('deviceHeight'),
    upDelay: optional('upDelay'),
    downDelay: optional('downDelay'),
    upLimit: optional('upLimit'),
    downLimit: optional('downLimit'),
    memo: memo === '' ? null : memo,
    exerciseGuide: { exerciseGuideTime: secondsToClock(guideSeconds), exerciseGuideEvent: 'RomExercise' },
  };
}
