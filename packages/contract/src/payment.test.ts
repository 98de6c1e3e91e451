import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cardField, expiryNotPast, formatMoney, isPlanCode, passesLuhn, planName } from './payment.ts';

const card = (overrides: Record<string, string>) => ({
  cardType: 'Visa',
  cardNumber: '4242 4242 4242 4242',
  expiry: '1230',
  cvc: '123',
  zipCode: '10001',
  address: '1 Main St., Apt 2/3',
  ...overrides,
});
const issuesOf = (value: unknown) =>
  cardField.safeParse(value).error?.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`) ?? [];

describe('cards (SPEC 5)', () => {
  it('accepts the test numbers of each of the five types with their lengths and security codes', () => {
    for (const [cardType, cardNumber, cvc] of [
      ['Visa', '4242424242424242', '123'],
      ['MasterCard', '5555555555554444', '123'],
      ['AmericanExpress', '378282246310005', '1234'],
      ['Discover', '6011111111111117', '123'],
      ['JCB', '3566002020360505', '123'],
    ] as const) {
      expect(issuesOf(card({ cardType, cardNumber, cvc })), cardType).toEqual([]);
    }
  });

  it('refuses a wrong check digit, a length or prefix of another type, and a wrong security code length', () => {
    expect(issuesOf(card({ cardNumber: '4242424242424241' }))).toEqual(['cardNumber:validation.card_number']);
    expect(issuesOf(card({ cardType: 'MasterCard' }))).toEqual(['cardNumber:validation.card_number']);
    expect(issuesOf(card({ cardType: 'AmericanExpress', cardNumber: '378282246310005' }))).toEqual([
      'cvc:validation.card_cvc',
    ]);
  });

  it('refuses an expiry that is not MMYY or is past, and characters the address may not hold', () => {
    expect(issuesOf(card({ expiry: '1330' }))).toEqual(['expiry:validation.card_expiry']);
    expect(issuesOf(card({ expiry: '0121' }))).toEqual(['expiry:validation.card_expired']);
    expect(issuesOf(card({ address: 'Main St #4' }))).toEqual(['address:validation.address_chars']);
    expect(issuesOf(card({ address: 'Vinohradská 12, Praha 2' }))).toEqual([]);
    expect(expiryNotPast('1126', new Date('2026-11-30T00:00:00Z'))).toBe(true);
    expect(expiryNotPast('1026', new Date('2026-11-01T00:00:00Z'))).toBe(false);
  });

  it('finds every single-digit typo with the Luhn check', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 15 }), fc.integer({ min: 1, max: 9 }), (position, shift) => {
        const digits = '4242424242424242'.split('').map(Number);
        digits[position] = (digits[position]! + shift) % 10;
        expect(passesLuhn(digits.join(''))).toBe(false);
      }),
      { seed: 7, numRuns: 200 },
    );
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
