import { fieldErrorsOf } from '@clinic/client/form-issues';
import { describe, expect, it } from 'vitest';
import { emptyCard, parseCard, processorFieldError, type CardFormValues } from './card-form.ts';

const good: CardFormValues = { cardType: 'Visa', zipCode: '10001', address: '1 Main St., Apt 2/B' };

describe('card form', () => {
  it('accepts our part of a good card and names each wrong field', () => {
    expect(parseCard(good).success).toBe(true);
    const empty = parseCard(emptyCard);
    expect(empty.success).toBe(false);
    if (!empty.success) expect(Object.keys(fieldErrorsOf(empty)).sort()).toEqual(['address', 'cardType', 'zipCode']);
    const wrong = parseCard({ ...good, zipCode: '!', address: 'a<b' });
    if (!wrong.success)
      expect(fieldErrorsOf(wrong)).toEqual({ zipCode: 'validation.zip_code', address: 'validation.address_chars' });
  });

  it('reads the processor fields’ states as our messages', () => {
    expect(processorFieldError('cardNumber', { complete: true })).toBeUndefined();
    expect(processorFieldError('cardNumber', undefined)).toBe('validation.required');
    expect(processorFieldError('cardNumber', { complete: false, errorCode: 'invalid_number' })).toBe(
      'validation.card_number',
    );
    expect(processorFieldError('cardExpiry', { complete: false, errorCode: 'invalid_expiry_year_past' })).toBe(
      'validation.card_expired',
    );
    expect(processorFieldError('cardCvc', { complete: false, errorCode: 'incomplete_cvc' })).toBe(
      'validation.card_cvc',
    );
  });
});
