import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  directionKey,
  methodLabel,
  modeKey,
  positionKey,
  statusKey,
  type directionKeys,
  type modeKeys,
  type positionKeys,
  type statusKeys,
} from './exercise-labels.ts';

type EnumKey =
  | (typeof modeKeys)[keyof typeof modeKeys]
  | (typeof positionKeys)[keyof typeof positionKeys]
  | (typeof directionKeys)[keyof typeof directionKeys]
  | (typeof statusKeys)[keyof typeof statusKeys];

export interface ExerciseText {
  mode: (mode: number) => string;
  position: (position: number) => string;
  direction: (direction: number) => string;
  status: (status: number) => string;
  method: (position: number, method: number | null) => string;
  degrees: (value: number | null | undefined) => string;
}

/** The translated names of the exercise enumerations; an unknown value shows as its number. */
export function useExerciseText(): ExerciseText {
  const { t } = useTranslation();
  const degrees = useCallback(
    (value: number | null | undefined) =>
      value === null || value === undefined ? '—' : t('exercises.degrees', { value: Math.round(value * 10) / 10 }),
    [t],
  );
  return useMemo(() => {
    const named = (key: EnumKey | undefined, value: number): string => (key ? t(key) : String(value));
    return {
      mode: (mode) => named(modeKey(mode), mode),
      position: (position) => named(positionKey(position), position),
      direction: (direction) => named(directionKey(direction), direction),
      status: (status) => named(statusKey(status), status),
      method: (position, method) => {
        if (method === null) return '—';
        const label = methodLabel(position, method);
        if (!label) return String(method);
        return 'key' in label ? t(label.key) : t('exercises.level', { level: label.level, degrees: label.degrees });
      },
      degrees,
    };
  }, [t, degrees]);
}
