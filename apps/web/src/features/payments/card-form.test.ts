import { describe, expect, it } from 'vitest';
import { fieldErrorsOf } from '../../shared/forms/issues.ts';
import {
  cardInputOf,
  detectCardType,
  emptyCard,
  formatCardNumber,
  normaliseCvc,
  normaliseExpiry,
  parseCard,
  type CardFormValues,
} from './card-form.ts';

const nextYear = String((new Date().getUTCFullYear() + 1) % 100).padStart(2, '0');
const good: CardFormValues = {
  cardType: 'Visa',
  cardNumber: '4242 4242 4242 4242',
  expiry: `12/${nextYear}`,
  cvc: '123',
  zipCode: '10001',
  address: '1 Main St., Apt 2/B',
};

describe('card form', () => {
  it('groups the number as typed', () => {
    expect(formatCardNumber('4242424242424242', 'Visa')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-4242 42', 'Visa')).toBe('4242 4242 42');
    expect(formatCardNumber('378282246310005', 'AmericanExpress')).toBe('3782 822463 10005');
  });

  it('reads the expiry and the security code as digits', () => {
    expect(normaliseExpiry('12/28')).toBe('1228');
    expect(normaliseExpiry('12 28 9')).toBe('1228');
    expect(normaliseCvc('12a34 5')).toBe('1234');
  });

  it('tells the card type by the first digits', () => {
    expect(detectCardType('4242')).toBe('Visa');
    expect(detectCardType('37')).toBe('AmericanExpress');
    expect(detectCardType('5555 5555')).toBe('MasterCard');
    expect(detectCardType('6011')).toBe('Discover');
    expect(detectCardType('3530')).toBe('JCB');
    expect(detectCardType('9')).toBeUndefined();
  });

  it('accepts a good card and hands the contract digits only', () => {
    const parsed = parseCard(good);
    expect(parsed.success).toBe(true);
    expect(cardInputOf(good)).toMatchObject({ cardNumber: '4242424242424242', expiry: `12${nextYear}` });
  });

  it('names the wrong fields with the contract keys', () => {
    expect(fieldErrorsOf(parseCard(emptyCard))).toMatchObject({
      cardType: 'validation.card_type',
      cardNumber: 'validation.card_number',
    });
    expect(fieldErrorsOf(parseCard({ ...good, cardNumber: '4242424242424241', expiry: '0120', cvc: '1234' }))).toEqual({
      cardNumber: 'validation.card_number',
      cvc: 'validation.card_cvc',
      expiry: 'validation.card_expired',
    });
    expect(fieldErrorsOf(parseCard({ ...good, address: 'Main <St>' }))).toEqual({
      address: 'validation.address_chars',
    });
    expect(fieldErrorsOf(parseCard({ ...good, expiry: '1399' })).expiry).toBe('validation.card_expiry');
    expect(fieldErrorsOf(parseCard({ ...good, cardType: 'AmericanExpress' })).cardNumber).toBe(
      'validation.card_number',
    );
  });
});
