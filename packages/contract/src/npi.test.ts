import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidNpi, npiCheckDigit } from './npi.ts';

describe('NPI check digit', () => {
  it('accepts published valid numbers and refuses a wrong check digit', () => {
    expect(isValidNpi('1234567893')).toBe(true);
    expect(isValidNpi('1245319599')).toBe(true);
    expect(isValidNpi('1234567890')).toBe(false);
    expect(isValidNpi('3234567893')).toBe(false);
    expect(isValidNpi('123456789')).toBe(false);
    expect(isValidNpi('12345678933')).toBe(false);
    expect(isValidNpi('12345a7893')).toBe(false);
  });

  it('accepts exactly one check digit for any nine leading digits', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[12]\d{8}$/), (firstNine) => {
        const valid = Array.from({ length: 10 }, (_, digit) => isValidNpi(`${firstNine}${digit}`));
        expect(valid.filter(Boolean)).toHaveLength(1);
        expect(valid[npiCheckDigit(firstNine)]).toBe(true);
      }),
      { seed: 7, numRuns: 500 },
    );
  });

  it('catches every single-digit typo', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[12]\d{8}$/),
        fc.integer({ min: 1, max: 9 }),
        fc.integer({ min: 1, max: 9 }),
        (firstNine, position, delta) => {
          const npi = `${firstNine}${npiCheckDigit(firstNine)}`;
          const digits = [...npi];
          digits[position] = String((Number(digits[position]) + delta) % 10);
          expect(isValidNpi(digits.join(''))).toBe(false);
        },
      ),
      { seed: 11, numRuns: 500 },
    );
  });
});
