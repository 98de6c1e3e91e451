import { levelDegrees, Position } from '@clinic/contract';

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

/** Seconds as mm:ss (minutes may pass 59). */
export function minutesClock(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  return `${String(Math.floor(whole / 60)).padStart(2, '0')}:${String(whole % 60).padStart(2, '0')}`;
}
