import { NumberInput, type NumberInputProps } from '@mantine/core';
import type { ReactElement } from 'react';
import { useMessage } from '../i18n/use-message.ts';
import { clampNumber } from './number.ts';

export interface NumberFieldProps extends Omit<
  NumberInputProps,
  'value' | 'onChange' | 'error' | 'min' | 'max' | 'decimalScale'
> {
  label: string;
  value: number | '';
  onChange: (value: number | '') => void;
  min?: number;
  max?: number;
  /** Decimals kept; extra ones are dropped, not rounded. */
  decimals?: number;
  error?: string | undefined;
  unit?: string;
}

/** SPEC 2 number input: clamps to min and max (on blur) and limits decimals (while typing). */
export function NumberField({
  value,
  onChange,
  min,
  max,
  decimals = 0,
  error,
  unit,
  ...rest
}: NumberFieldProps): ReactElement {
  const message = useMessage();
  return (
    <NumberInput
      hideControls
      {...rest}
      withAsterisk={false}
      value={value}
      min={min}
      max={max}
      decimalScale={decimals}
      allowDecimal={decimals > 0}
      allowNegative={min === undefined || min < 0}
      clampBehavior="blur"
      rightSection={unit}
      rightSectionWidth={unit ? 44 : undefined}
      onChange={(next) => {
        if (next === '' || typeof next !== 'number') onChange(next === '' ? '' : value);
        else onChange(next);
      }}
      onBlur={(event) => {
        if (typeof value === 'number') {
          const clamped = clampNumber(value, { min, max, decimals });
          if (clamped !== value) onChange(clamped);
        }
        rest.onBlur?.(event);
      }}
      error={message(error)}
    />
  );
}
