import { Group, Text, TextInput, type TextInputProps } from '@mantine/core';
import type { ReactElement, ReactNode } from 'react';
import { useMessage } from '../i18n/use-message.ts';

export interface TextFieldProps extends Omit<TextInputProps, 'value' | 'onChange' | 'error' | 'maxLength'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The maximum length; the counter shows how much of it is used. */
  maxLength?: number;
  /** A contract message key (or already translated text with `errorText`). */
  error?: string | undefined;
  errorText?: ReactNode;
  /** A unit shown at the right of the input, e.g. "cm". */
  unit?: string;
}

/** Counter text such as 12/50. */
export function CharacterCount({ length, max }: { length: number; max: number }): ReactElement {
  return (
    <Text component="span" size="xs" c={length > max ? 'red' : 'dimmed'} aria-live="polite">
      {length}/{max}
    </Text>
  );
}

/** SPEC 2 text input: a character counter, a unit and an error description. */
export function TextField({
  label,
  value,
  onChange,
  maxLength,
  error,
  errorText,
  unit,
  description,
  ...rest
}: TextFieldProps): ReactElement {
  const message = useMessage();
  const counter = maxLength !== undefined ? <CharacterCount length={value.length} max={maxLength} /> : undefined;
  return (
    <TextInput
      {...rest}
      // Required fields are told by the form's intro and aria-required, not by an asterisk in the label.
      withAsterisk={false}
      label={label}
      value={value}
      maxLength={maxLength}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={errorText ?? message(error)}
      rightSection={unit ? <Text size="sm">{unit}</Text> : rest.rightSection}
      description={
        description || counter ? (
          <Group component="span" justify="space-between" gap="xs" wrap="nowrap">
            <span>{description}</span>
            {counter}
          </Group>
        ) : undefined
      }
      inputWrapperOrder={['label', 'input', 'description', 'error']}
    />
  );
}

/** SPEC 2 e-mail input: a text field for an address, with the browser's e-mail keyboard. */
export function EmailField(props: Omit<TextFieldProps, 'type'>): ReactElement {
  return <TextField type="email" autoComplete="off" inputMode="email" spellCheck={false} {...props} />;
}
