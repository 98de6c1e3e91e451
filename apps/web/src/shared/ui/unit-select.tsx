import { NativeSelect } from '@mantine/core';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useUnitStore } from '../units/unit-preference.ts';
import { isUnit, units } from '../units/units.ts';

/** The unit of heights and weights: imperial (ft, in, lb) or metric (cm, kg), kept on this device. */
export function UnitSelect(): ReactElement {
  const { t } = useTranslation();
  const unit = useUnitStore((state) => state.unit);
  const setUnit = useUnitStore((state) => state.setUnit);
  return (
    <NativeSelect
      label={t('options.unitsLabel')}
      value={unit}
      onChange={(event) => {
        const value = event.currentTarget.value;
        if (isUnit(value)) setUnit(value);
      }}
      data={units.map((value) => ({ value, label: t(`units.names.${value}`) }))}
    />
  );
}
