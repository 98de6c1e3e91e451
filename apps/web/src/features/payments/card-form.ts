import { cardHolderField, cardTypeNames, type CardType } from '@clinic/contract';

/** Our part of the pay form as typed (SPEC 3 "Payment method"); '' for a type not chosen yet. */
export interface CardFormValues {
  cardType: CardType | '';
  zipCode: string;
  address: string;
}

export const emptyCard: CardFormValues = { cardType: '', zipCode: '', address: '' };

export function isCardType(value: unknown): value is CardType {
  return typeof value === 'string' && (cardTypeNames as readonly string[]).includes(value);
}

/** Checks our part of the form with the contract's rules (SPEC 5). */
export function parseCard(values: CardFormValues): ReturnType<typeof cardHolderField.safeParse> {
  return cardHolderField.safeParse({ ...values, cardType: values.cardType || undefined });
}

/** The processor's fields: number, expiry MMYY and security code. */
export type ProcessorField = 'cardNumber' | 'cardExpiry' | 'cardCvc';
export const processorFields: readonly ProcessorField[] = ['cardNumber', 'cardExpiry', 'cardCvc'];

/** What a processor field told us last: complete, or wrong with a code of the processor's. */
export interface ProcessorFieldState {
  complete: boolean;
  errorCode?: string | undefined;
}

/** Our message for a processor field that is not complete or that it found wrong. */
export function processorFieldError(field: ProcessorField, state: ProcessorFieldState | undefined): string | undefined {
  if (state?.complete) return undefined;
  if (field === 'cardExpiry' && state?.errorCode?.includes('past')) return 'validation.card_expired';
  if (!state?.errorCode) return 'validation.required';
  return { cardNumber: 'validation.card_number', cardExpiry: 'validation.card_expiry', cardCvc: 'validation.card_cvc' }[
    field
  ];
}
