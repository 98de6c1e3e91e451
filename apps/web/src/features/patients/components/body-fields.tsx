import { rules } from '@clinic/contract';
import { Group, Input } from '@mantine/core';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { NumberField } from '../../../shared/forms/number-field.tsx';
import { useMessage } from '../../../shared/i18n/use-message.ts';
import { kgPerPound, type BodyDisplay, type Unit } from '../../../shared/units/units.ts';

export interface BodyFieldsProps {
  unit: Unit;
  value: BodyDisplay;
  onChange: (next: BodyDisplay) => void;
  /** Contract message keys for heightCm and weightKg. */
  errors: { heightCm?: string | undefined; weightKg?: string | undefined };
}

/** Height and weight in the clinician's unit: feet and inches and pounds, or centimetres and kilograms. */
export function BodyFields({ unit, value, onChange, errors }: BodyFieldsProps): ReactElement {
  const { t } = useTranslation();
  const message = useMessage();
  const set = (patch: Partial<BodyDisplay>): void => onChange({ ...value, ...patch });

  return (
    <Group align="flex-start" grow wrap="nowrap" gap="sm">
      {unit === 'metric' ? (
        <NumberField
          label={t('patients.fields.heightCm')}
          value={value.heightCm}
          onChange={(heightCm) => set({ heightCm })}
          min={0}
          max={rules.heightMaxCm}
          decimals={1}
          unit={t('units.cm')}
          error={errors.heightCm}
          required
        />
      ) : (
        <Input.Wrapper error={message(errors.heightCm)}>
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <NumberField
              label={t('patients.fields.heightFeet')}
              value={value.heightFeet}
              onChange={(heightFeet) => set({ heightFeet })}
              min={0}
              max={9}
              unit={t('units.ft')}
              required
              invalid={Boolean(errors.heightCm)}
            />
            <NumberField
              label={t('patients.fields.heightInches')}
              value={value.heightInches}
              onChange={(heightInches) => set({ heightInches })}
              min={0}
              max={11.9}
              decimals={1}
              unit={t('units.in')}
              invalid={Boolean(errors.heightCm)}
            />
          </Group>
        </Input.Wrapper>
      )}
      <NumberField
        label={unit === 'metric' ? t('patients.fields.weightKg') : t('patients.fields.weightLb')}
        value={value.weight}
        onChange={(weight) => set({ weight })}
        min={0}
        max={unit === 'metric' ? rules.weightMaxKg : Math.floor(rules.weightMaxKg / kgPerPound)}
        decimals={1}
        unit={unit === 'metric' ? t('units.kg') : t('units.lb')}
        error={errors.weightKg}
        required
      />
    </Group>
  );
}
