import { describe, expect, it } from 'vitest';
import { cardHolderField, formatMoney, isPlanCode, planName } from './payment.ts';

const issuesOf = (value: unknown) =>
  cardHolderField.safeParse(value).error?.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`) ?? [];

describe('our part of the card (SPEC 5)', () => {
  it('takes one of the five types, a zip code, and an address of the characters allowed', () => {
    const good = { cardType: 'Visa', zipCode: '10001', address: '1 Main St., Apt 2/3' };
    expect(issuesOf(good)).toEqual([]);
    expect(issuesOf({ ...good, cardType: 'Diners' })).toEqual(['cardType:validation.card_type']);
    expect(issuesOf({ ...good, zipCode: '1' })).toEqual(['zipCode:validation.zip_code']);
    expect(issuesOf({ ...good, address: 'Main St #4' })).toEqual(['address:validation.address_chars']);
    expect(issuesOf({ ...good, address: 'Vinohradská 12, Praha 2' })).toEqual([]);
  });
});

describe('plans and amounts', () => {
  it('names a plan by its code in every language, and an unknown one by its title', () => {
    expect(isPlanCode('standard')).toBe(true);
    expect(isPlanCode('gold')).toBe(false);
    const standard = { productCode: 'standard', defaultProductTitle: 'Standard' };
    expect(planName('ko', standard)).toBe('스탠다드');
    expect(planName('cs', standard)).toBe('Standardní');
    expect(planName('ko', { productCode: 'gold', defaultProductTitle: 'Gold' })).toBe('Gold');
  });

  it('formats amounts from minor units', () => {
    expect(formatMoney(4900, 'USD', 'en')).toBe('$49.00');
    expect(formatMoney(19900, 'USD', 'ko')).toContain('199');
    // A currency without minor units counts whole units.
    expect(formatMoney(4900, 'JPY', 'en')).toBe('¥4,900');
    expect(formatMoney(100, 'US', 'en')).toBe('1.00 US');
  });
});
