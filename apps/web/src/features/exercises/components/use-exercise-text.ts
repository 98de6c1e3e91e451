import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  directionKeyOf,
  modeKeyOf,
  positionKeyOf,
  statusKeyOf,
  type ExerciseEnumKey,
} from '../../../shared/i18n/exercise-keys.ts';
import { methodLabel } from './exercise-labels.ts';

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
    const named = (key: ExerciseEnumKey | undefined, value: number): string => (key ? t(key) : String(value));
    return {
      mode: (mode) => named(modeKeyOf(mode), mode),
      position: (position) => named(positionKeyOf(position), position),
      direction: (direction) => named(directionKeyOf(direction), direction),
      status: (status) => named(statusKeyOf(status), status),
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
