import { Textarea, type TextareaProps } from '@mantine/core';
import type { ReactElement } from 'react';
import { useMessage } from '../i18n/use-message.ts';
import { CharacterCount } from './text-field.tsx';

export interface TextareaFieldProps extends Omit<TextareaProps, 'value' | 'onChange' | 'error' | 'maxLength'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  error?: string | undefined;
}

/** SPEC 2 textarea with a length counter. */
export function TextareaField({ value, onChange, maxLength, error, ...rest }: TextareaFieldProps): ReactElement {
  const message = useMessage();
  return (
    <Textarea
      autosize
      minRows={3}
      maxRows={14}
      {...rest}
      withAsterisk={false}
      value={value}
      maxLength={maxLength}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={message(error)}
      description={<CharacterCount length={value.length} max={maxLength} />}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
    />
  );
}
