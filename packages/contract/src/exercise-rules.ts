/**
 * Exercise rules of SPEC 3 "Enumerations", 5 "Exercise" and "ROM": the only place they are
 * written. A rule the pro device reads differently from the home device is keyed by device type.
 */
export const ExerciseMode = { active: 0, passive: 1, passiveMeasure: 2, activeMeasure: 3 } as const;
export type ExerciseMode = (typeof ExerciseMode)[keyof typeof ExerciseMode];
export const exerciseModes = [0, 1, 2, 3] as const;

export const Position = { elbow: 1, wrist: 2, knee: 3, ankle: 4, lowerExtremity: 5 } as const;
export type Position = (typeof Position)[keyof typeof Position];

export const DeviceType = { home: 1, pro: 2 } as const;
export type DeviceType = (typeof DeviceType)[keyof typeof DeviceType];

/** Knee and ankle levels 0-9 and the degrees each stands for. */
export const levelDegrees = [0, 18, 25, 30, 35, 40, 43, 46, 50, 53] as const;

export const ExerciseStatus = {
  waiting: 0,
  terminated: 1,
  accomplishedManual: 2,
  accomplishedAuto: 3,
  onProgress: 4,
  canceled: 5,
} as const;
export type ExerciseStatus = (typeof ExerciseStatus)[keyof typeof ExerciseStatus];

/**
 * The status changes a clinician may make (docs/decisions/0003-exercises.md). Terminated,
 * accomplished and canceled are final. On progress and accomplished (auto) come only from the
 * device's records.
 */
export const statusTransitions: Record<ExerciseStatus, readonly ExerciseStatus[]> = {
  0: [1, 2, 5],
  4: [1, 2, 5],
  1: [],
  2: [],
  3: [],
  5: [],
};

export const exerciseLimits = {
  count: [1, 254],
  timeMinutes: [1, 254],
  sets: [1, 99],
  resistanceSensitivity: [1, 10],
  delaySeconds: [1, 3600],
  limitSeconds: [1, 3600],
  speed: [1, 10],
  deviceHeight: [0, 9],
  assistance: [-10, 10],
  strength: [1, 10],
  frequency: [1, 10],
  level: [0, 9],
  romGap: 10,
  memoMax: 500,
} as const;

export interface RomRange {
  /** Allowed maximum angle. */
  max: readonly [number, number];
  /** Allowed minimum angle. */
  min: readonly [number, number];
}

/** ROM limits in degrees by device type and joint; a joint missing here is not on that device. */
export const romRanges: Record<DeviceType, Partial<Record<Position, RomRange>>> = {
  1: {
    1: { max: [0, 140], min: [0, 130] },
    2: { max: [0, 60], min: [0, 50] },
    3: { max: [0, 80], min: [0, 70] },
    4: { max: [40, 110], min: [40, 100] },
    5: { max: [30, 110], min: [30, 100] },
  },
  2: {
    3: { max: [0, 130], min: [0, 130] },
    4: { max: [-50, 20], min: [-50, 10] },
  },
};

export type ExerciseField =
  | 'method'
  | 'speed'
  | 'assistance'
  | 'resistanceSensitivity'
  | 'deviceHeight'
  | 'upDelay'
  | 'downDelay'
  | 'upLimit'
  | 'downLimit';

const isPassive = (mode: number): boolean => mode === ExerciseMode.passive || mode === ExerciseMode.passiveMeasure;

/** The optional settings that apply to a device, mode and joint; the form shows only these. */
export function applicableFields(deviceType: DeviceType, mode: number, position: number): ExerciseField[] {
  const fields: ExerciseField[] = [];
  if (position !== Position.lowerExtremity) fields.push('method');
  if (isPassive(mode)) fields.push('speed');
  else fields.push('assistance', 'resistanceSensitivity');
  if (deviceType === DeviceType.pro) fields.push('deviceHeight', 'upDelay', 'downDelay', 'upLimit', 'downLimit');
  return fields;
}

/** The method values a joint takes: three methods for elbow and wrist, levels 0-9 for the others. */
export function methodRange(position: number): readonly [number, number] {
  return position === Position.elbow || position === Position.wrist ? [1, 3] : [0, 9];
}

/** Seconds as HH:MM:SS, the form exerciseGuideTime travels in. */
export function secondsToClock(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  return [hours, minutes, whole % 60].map((part) => String(part).padStart(2, '0')).join(':');
}

export function clockToSeconds(clock: string): number {
  const [hours = 0, minutes = 0, seconds = 0] = clock.split(':').map(Number);
  return hours * 3600 + minutes * 60 + seconds;
}
