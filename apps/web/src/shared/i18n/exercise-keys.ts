/** Translation keys of the exercise enumerations (SPEC 3 "Enumerations"), for every screen that names them. */
const modeKeys = {
  0: 'exercises.modes.active',
  1: 'exercises.modes.passive',
  2: 'exercises.modes.passiveMeasure',
  3: 'exercises.modes.activeMeasure',
} as const;

const positionKeys = {
  1: 'exercises.positions.elbow',
  2: 'exercises.positions.wrist',
  3: 'exercises.positions.knee',
  4: 'exercises.positions.ankle',
  5: 'exercises.positions.lowerExtremity',
} as const;

const directionKeys = { 1: 'exercises.directions.left', 2: 'exercises.directions.right' } as const;

const statusKeys = {
  0: 'exercises.statuses.waiting',
  1: 'exercises.statuses.terminated',
  2: 'exercises.statuses.accomplishedManual',
  3: 'exercises.statuses.accomplishedAuto',
  4: 'exercises.statuses.onProgress',
  5: 'exercises.statuses.canceled',
} as const;

type ValueOf<T> = T[keyof T];

/** Any of these keys. */
export type ExerciseEnumKey =
  ValueOf<typeof modeKeys> | ValueOf<typeof positionKeys> | ValueOf<typeof directionKeys> | ValueOf<typeof statusKeys>;

function keyOf<T extends Record<number, string>>(table: T, value: number): ValueOf<T> | undefined {
  return (table as Record<number, ValueOf<T> | undefined>)[value];
}

/** The key of a value, or undefined for a value the enumeration does not have. */
export const modeKeyOf = (mode: number): ValueOf<typeof modeKeys> | undefined => keyOf(modeKeys, mode);
export const positionKeyOf = (position: number): ValueOf<typeof positionKeys> | undefined =>
  keyOf(positionKeys, position);
export const directionKeyOf = (direction: number): ValueOf<typeof directionKeys> | undefined =>
  keyOf(directionKeys, direction);
export const statusKeyOf = (status: number): ValueOf<typeof statusKeys> | undefined => keyOf(statusKeys, status);
