import { levelDegrees, Position } from '@clinic/contract';

/** Translation keys of the exercise enumerations (SPEC 3 "Enumerations"). */
export const modeKeys = {
  0: 'exercises.modes.active',
  1: 'exercises.modes.passive',
  2: 'exercises.modes.passiveMeasure',
  3: 'exercises.modes.activeMeasure',
} as const;

export const positionKeys = {
  1: 'exercises.positions.elbow',
  2: 'exercises.positions.wrist',
  3: 'exercises.positions.knee',
  4: 'exercises.positions.ankle',
  5: 'exercises.positions.lowerExtremity',
} as const;

export const directionKeys = { 1: 'exercises.directions.left', 2: 'exercises.directions.right' } as const;

export const statusKeys = {
  0: 'exercises.statuses.waiting',
  1: 'exercises.statuses.terminated',
  2: 'exercises.statuses.accomplishedManual',
  3: 'exercises.statuses.accomplishedAuto',
  4: 'exercises.statuses.onProgress',
  5: 'exercises.statuses.canceled',
} as const;

export const statusColors: Record<number, string> = {
  0: 'gray',
  1: 'red',
  2: 'green',
  3: 'teal',
  4: 'blue',
  5: 'dark',
};

const elbowMethodKeys = {
  1: 'exercises.methods.neutral',
  2: 'exercises.methods.pronated',
  3: 'exercises.methods.supinated',
} as const;
const wristMethodKeys = {
  1: 'exercises.methods.radial',
  2: 'exercises.methods.extension',
  3: 'exercises.methods.flexion',
} as const;

export type MethodLabel =
  | { key: (typeof elbowMethodKeys)[1 | 2 | 3] | (typeof wristMethodKeys)[1 | 2 | 3] }
  | { level: number; degrees: number };

/** What a method value means for a joint: a named method (elbow, wrist) or a level with its degrees. */
export function methodLabel(position: number, method: number): MethodLabel | undefined {
  if (position === Position.elbow) return method in elbowMethodKeys ? { key: elbowMethodKeys[method as 1] } : undefined;
  if (position === Position.wrist) return method in wristMethodKeys ? { key: wristMethodKeys[method as 1] } : undefined;
  const degrees = levelDegrees[method];
  return degrees === undefined ? undefined : { level: method, degrees };
}

function keyOf<K extends number, V>(table: Record<K, V>, value: number): V | undefined {
  return (table as Record<number, V | undefined>)[value];
}

export const modeKey = (mode: number) => keyOf(modeKeys, mode);
export const positionKey = (position: number) => keyOf(positionKeys, position);
export const directionKey = (direction: number) => keyOf(directionKeys, direction);
export const statusKey = (status: number) => keyOf(statusKeys, status);

/** Seconds as mm:ss (minutes may pass 59). */
export function minutesClock(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  return `${String(Math.floor(whole / 60)).padStart(2, '0')}:${String(whole % 60).padStart(2, '0')}`;
}
