import { cardField, cardTypeNames, cardTypes, type CardInput, type CardType } from '@clinic/contract';

/** The pay form as typed (SPEC 3 "Payment method"); '' for a type not chosen yet. */
export interface CardFormValues {
  cardType: CardType | '';
  cardNumber: string;
  expiry: string;
  cvc: string;
  zipCode: string;
  address: string;
}

export const emptyCard: CardFormValues = {
  cardType: '',
  cardNumber: '',
  expiry: '',
  cvc: '',
  zipCode: '',
  address: '',
};

export function isCardType(value: unknown): value is CardType {
  return typeof value === 'string' && (cardTypeNames as readonly string[]).includes(value);
}

/** The card type a number's first digits belong to, if any. */
export function detectCardType(number: string): CardType | undefined {
  const digits = number.replace(/\D/g, '');
  if (digits.length < 2) return undefined;
  return cardTypeNames.find((type) => cardTypes[type].prefixes.some((prefix) => prefix.test(digits)));
}

/** The number as typed, in groups (4-6-5 for American Express, else 4-4-4-4…), digits only. */
export function formatCardNumber(input: string, type: CardType | ''): string {
  const digits = input.replace(/\D/g, '').slice(0, 19);
  const groups = type === 'AmericanExpress' ? [4, 6, 5] : [4, 4, 4, 4, 3];
  const parts: string[] = [];
  let at = 0;
  for (const size of groups) {
    if (at >= digits.length) break;
    parts.push(digits.slice(at, at + size));
    at += size;
  }
  return parts.join(' ');
}

/** MMYY from what was typed: "12/28", "12 28" and "1228" all read as 1228. */
export function normaliseExpiry(input: string): string {
  return input.replace(/\D/g, '').slice(0, 4);
}

/** Digits only, at most four (the longest security code). */
export function normaliseCvc(input: string): string {
  return input.replace(/\D/g, '').slice(0, 4);
}

/** The form as the contract's card schema reads it. */
export function cardInputOf(values: CardFormValues): CardInput {
  return {
    cardType: (values.cardType || undefined) as CardType,
    cardNumber: values.cardNumber.replace(/[\s-]/g, ''),
    expiry: normaliseExpiry(values.expiry),
    cvc: normaliseCvc(values.cvc),
    zipCode: values.zipCode,
    address: values.address,
  };
}

/** Checks the form with the contract's card rules (SPEC 5). */
export function parseCard(values: CardFormValues): ReturnType<typeof cardField.safeParse> {
  return cardField.safeParse(cardInputOf(values));
}
