import {
  joints,
  mmtGrades,
  mrsGrades,
  onsetKinds,
  onsetPeriods,
  paralysisParts,
  paralysisPositions,
  type ConditionEntry,
} from '@clinic/contract';
import type { TFunction } from 'i18next';
import type { SelectOption } from '../../shared/forms/select-field.tsx';

export const brainLesionValues = [0, 1, 2, 3, 4, 5, 6, 7, 8] as const;

type ConditionOptions = Record<
  | 'onsetKind'
  | 'onsetPeriod'
  | 'paralysisPart'
  | 'paralysisPosition'
  | 'joint'
  | 'infection'
  | 'brainLesion'
  | 'mmt'
  | 'mrs',
  SelectOption[]
>;

/** The translated choices of each enumerated condition item (SPEC 3 "Enumerations"). */
export function conditionOptions(t: TFunction): ConditionOptions {
  const grade = (value: string): string => (value === 'N/A' ? t('condition.notApplicable') : value);
  return {
    onsetKind: onsetKinds.map((value) => ({ value, label: t(`condition.onsetKinds.${value}`) })),
    onsetPeriod: onsetPeriods.map((value) => ({ value, label: t(`condition.onsetPeriods.${value}`) })),
    paralysisPart: paralysisParts.map((value) => ({ value, label: t(`condition.paralysisParts.${value}`) })),
    paralysisPosition: paralysisPositions.map((value) => ({
      value,
      label: t(`condition.paralysisPositions.${value}`),
    })),
    joint: joints.map((value) => ({ value: String(value), label: t(`condition.joints.${value}`) })),
    infection: [
      { value: '1', label: t('common.yes') },
      { value: '0', label: t('common.no') },
    ],
    brainLesion: brainLesionValues.map((value) => ({ value: String(value), label: brainLesionLabel(t, value) })),
    mmt: mmtGrades.map((value) => ({ value, label: grade(value) })),
    mrs: mrsGrades.map((value) => ({ value, label: grade(value) })),
  };
}

export function brainLesionLabel(t: TFunction, value: number): string {
  if (value === 0) return t('condition.brainLesions.unset');
  if (value === 7) return t('condition.brainLesions.severe');
  if (value === 8) return t('condition.brainLesions.mild');
  return t('condition.brainLesions.grade', { grade: value });
}

export const conditionItems = [
  'primaryDiagnosis',
  'secondaryDiagnosis',
  'onsetDate',
  'onsetKind',
  'onsetPeriod',
  'durationMonths',
  'brainLesion',
  'paralysisPart',
  'paralysisPosition',
  'joint',
  'infection',
  'medication',
  'dose',
  'mmt',
  'mrs',
  'chiefComplaint',
] as const;
export type ConditionItem = (typeof conditionItems)[number];

/**
 * The items of an entry that were filled in, each as its translated label and value; with `every`,
 * all items in their fixed order, the empty ones with an empty value (to set two entries side by side).
 */
export function conditionFacts(
  t: TFunction,
  entry: ConditionEntry,
  formatDate: (value: string) => string,
  every = false,
): { item: ConditionItem; label: string; value: string }[] {
  const text = (item: ConditionItem): string | undefined => {
    const value = entry[item];
    if (value === null || value === undefined || value === '') return undefined;
    switch (item) {
      case 'onsetDate':
        return formatDate(String(value));
      case 'onsetKind':
        return t(`condition.onsetKinds.${entry.onsetKind ?? 'stroke'}`);
      case 'onsetPeriod':
        return t(`condition.onsetPeriods.${entry.onsetPeriod ?? 'acute'}`);
      case 'paralysisPart':
        return t(`condition.paralysisParts.${entry.paralysisPart ?? 'upper_extremity'}`);
      case 'paralysisPosition':
        return t(`condition.paralysisPositions.${entry.paralysisPosition ?? 'left'}`);
      case 'joint':
        return joints.includes(value as 1) ? t(`condition.joints.${value as 1 | 2 | 3 | 4}`) : String(value);
      case 'infection':
        return value === 1 ? t('common.yes') : t('common.no');
      case 'brainLesion':
        return brainLesionLabel(t, Number(value));
      case 'durationMonths':
        return String(value);
      case 'mmt':
      case 'mrs':
        return value === 'N/A' ? t('condition.notApplicable') : String(value);
      default:
        return String(value);
    }
  };
  return conditionItems.flatMap((item) => {
    const value = text(item) ?? (every ? '' : undefined);
    return value === undefined ? [] : [{ item, label: t(`condition.fields.${item}`), value }];
  });
}
