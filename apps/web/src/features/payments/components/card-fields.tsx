import { cardTypeNames, subscriptionRules } from '@clinic/contract';
import { SimpleGrid, Stack } from '@mantine/core';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../../shared/forms/select-field.tsx';
import { TextField } from '../../../shared/forms/text-field.tsx';
import type { FormErrors } from '../../../shared/forms/use-form-state.ts';
import { detectCardType, formatCardNumber, isCardType, normaliseCvc, type CardFormValues } from '../card-form.ts';

export interface CardFieldsProps {
  values: CardFormValues;
  errors: FormErrors<CardFormValues>;
  onChange: <Key extends keyof CardFormValues>(key: Key, value: CardFormValues[Key]) => void;
}

/** The card of SPEC 3 "Payment method": type, number, expiry MMYY, security code, zip and address. */
export function CardFields({ values, errors, onChange }: CardFieldsProps): ReactElement {
  const { t } = useTranslation();
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
      <TextField
        label={t('payments.card.number')}
        inputMode="numeric"
        autoComplete="cc-number"
        value={values.cardNumber}
        onChange={(value) => {
          onChange('cardNumber', formatCardNumber(value, values.cardType));
          const detected = detectCardType(value);
          if (!values.cardType && detected) onChange('cardType', detected);
        }}
        error={errors.cardNumber}
      />
      <SimpleGrid cols={2} spacing="sm">
        <TextField
          label={t('payments.card.expiry')}
          description={t('payments.card.expiryHint')}
          inputMode="numeric"
          autoComplete="cc-exp"
          value={values.expiry}
          // MMYY, or MM/YY as often typed: a fixed format, so no character counter.
          onChange={(value) => onChange('expiry', value.replace(/[^\d/ ]/g, '').slice(0, 5))}
          error={errors.expiry}
        />
        <TextField
          label={t('payments.card.cvc')}
          inputMode="numeric"
          autoComplete="cc-csc"
          value={values.cvc}
          onChange={(value) => onChange('cvc', normaliseCvc(value))}
          error={errors.cvc}
        />
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
