import type { FormErrors } from '@clinic/client/form-state';
import { cardTypeNames, subscriptionRules } from '@clinic/contract';
import { Input, SimpleGrid, Stack } from '@mantine/core';
import { CardCvcElement, CardExpiryElement, CardNumberElement } from '@stripe/react-stripe-js';
import type { StripeElementChangeEvent } from '@stripe/stripe-js';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../../shared/forms/select-field.tsx';
import { TextField } from '../../../shared/forms/text-field.tsx';
import { useMessage } from '../../../shared/i18n/use-message.ts';
import {
  isCardType,
  processorFieldError,
  processorFields,
  type CardFormValues,
  type ProcessorField,
  type ProcessorFieldState,
} from '../card-form.ts';

export interface ProcessorFieldsState {
  errors: Partial<Record<ProcessorField, string>>;
  onChange(field: ProcessorField, event: StripeElementChangeEvent): void;
  /** Whether every field is complete; else their messages show. */
  check(): boolean;
}

/** What the processor's fields said last, and our messages for the ones not ready at submit. */
export function useProcessorFields(): ProcessorFieldsState {
  const [states, setStates] = useState<Partial<Record<ProcessorField, ProcessorFieldState>>>({});
  const [errors, setErrors] = useState<Partial<Record<ProcessorField, string>>>({});
  return {
    errors,
    onChange(field: ProcessorField, event: StripeElementChangeEvent) {
      const state = { complete: event.complete, errorCode: event.error?.code };
      setStates((current) => ({ ...current, [field]: state }));
      setErrors((current) => ({
        ...current,
        [field]: state.errorCode ? processorFieldError(field, state) : undefined,
      }));
    },
    check(): boolean {
      const found = Object.fromEntries(
        processorFields.map((field) => [field, processorFieldError(field, states[field])]),
      );
      setErrors(found);
      return Object.values(found).every((error) => error === undefined);
    },
  };
}

export interface CardFieldsProps {
  values: CardFormValues;
  errors: FormErrors<CardFormValues>;
  onChange: <Key extends keyof CardFormValues>(key: Key, value: CardFormValues[Key]) => void;
  processor: ProcessorFieldsState;
}

/**
 * The card of SPEC 3 "Payment method": type, number, expiry MMYY, security code, zip and address.
 * The number, expiry and code are the processor's fields, served from its origin: never ours.
 */
export function CardFields({ values, errors, onChange, processor }: CardFieldsProps): ReactElement {
  const { t } = useTranslation();
  const message = useMessage();
  const field = (name: ProcessorField, label: string, element: ReactElement, description?: string) => (
    <Input.Wrapper
      label={label}
      description={description}
      // A hint under its box, as in our own fields, so the expiry and the code side by side line up.
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      error={processor.errors[name] && message(processor.errors[name])}
      data-testid={`processor-${name}`}
    >
      <Input component="div" pt={8} error={Boolean(processor.errors[name])}>
        {element}
      </Input>
    </Input.Wrapper>
  );
  return (
    <Stack gap="sm">
      <SelectField
        label={t('payments.card.type')}
        placeholder={t('payments.card.chooseType')}
        options={cardTypeNames.map((type) => ({ value: type, label: t(`payments.card.types.${type}`) }))}
        value={values.cardType}
        onChange={(value) => onChange('cardType', isCardType(value) ? value : '')}
        error={errors.cardType}
      />
      {field(
        'cardNumber',
        t('payments.card.number'),
        <CardNumberElement onChange={(event) => processor.onChange('cardNumber', event)} />,
      )}
      <SimpleGrid cols={2} spacing="sm">
        {field(
          'cardExpiry',
          t('payments.card.expiry'),
          <CardExpiryElement onChange={(event) => processor.onChange('cardExpiry', event)} />,
          t('payments.card.expiryHint'),
        )}
        {field(
          'cardCvc',
          t('payments.card.cvc'),
          <CardCvcElement onChange={(event) => processor.onChange('cardCvc', event)} />,
        )}
      </SimpleGrid>
      <TextField
        label={t('payments.card.zip')}
        autoComplete="postal-code"
        maxLength={subscriptionRules.zipMax}
        value={values.zipCode}
        onChange={(value) => onChange('zipCode', value)}
        error={errors.zipCode}
      />
      <TextField
        label={t('payments.card.address')}
        description={t('payments.card.addressHint')}
        autoComplete="street-address"
        maxLength={subscriptionRules.addressMax}
        value={values.address}
        onChange={(value) => onChange('address', value)}
        error={errors.address}
      />
    </Stack>
  );
}
