import { NumberInput, type NumberInputProps } from '@mantine/core';
import { useState, type ReactElement } from 'react';
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
  /** Marks the input as wrong without a message of its own (a group shows the message once). */
  invalid?: boolean;
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
  invalid,
  unit,
  ...rest
}: NumberFieldProps): ReactElement {
  const message = useMessage();
  // Text on its way to a number ("5.", "-") stays in the input while the form keeps the last number.
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <NumberInput
      hideControls
      {...rest}
      withAsterisk={false}
      value={draft ?? value}
      min={min}
      max={max}
      decimalScale={decimals}
      allowDecimal={decimals > 0}
      allowNegative={min === undefined || min < 0}
      clampBehavior="blur"
      rightSection={unit}
      rightSectionWidth={unit ? 44 : undefined}
      onChange={(next) => {
        if (typeof next === 'number') {
          setDraft(null);
          onChange(next);
        } else if (next === '') {
          setDraft(null);
          onChange('');
        } else {
          setDraft(next);
          const parsed = Number(next);
          if (Number.isFinite(parsed)) onChange(parsed);
        }
      }}
      onBlur={(event) => {
        setDraft(null);
        if (typeof value === 'number') {
          const clamped = clampNumber(value, { min, max, decimals });
          if (clamped !== value) onChange(clamped);
        }
        rest.onBlur?.(event);
      }}
      error={message(error) ?? invalid}
    />
  );
}
