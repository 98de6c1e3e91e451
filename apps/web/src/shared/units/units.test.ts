import { describe, expect, it } from 'vitest';
import {
  bodyDisplayOf,
  cmFromFeetInches,
  feetInchesFromCm,
  formatHeight,
  formatWeight,
  heightCmOf,
  kgFromPounds,
  poundsFromKg,
  roundTo,
  weightKgOf,
} from './units.ts';

const labels = { cm: 'cm', kg: 'kg', ft: 'ft', in: 'in', lb: 'lb' };

describe('unit conversion', () => {
  it('converts inches and pounds exactly', () => {
    expect(cmFromFeetInches(0, 1)).toBe(2.54);
    expect(cmFromFeetInches(5, 7)).toBe(170.18);
    expect(cmFromFeetInches(6, 0)).toBe(182.88);
    expect(kgFromPounds(1)).toBe(0.4536);
    expect(kgFromPounds(150)).toBe(68.0389);
    expect(kgFromPounds(100)).toBe(45.3592);
  });

  it('reads centimetres as feet and inches to a tenth, carrying 12 inches into a foot', () => {
    expect(feetInchesFromCm(170.18)).toEqual({ feet: 5, inches: 7 });
    expect(feetInchesFromCm(170)).toEqual({ feet: 5, inches: 6.9 });
    expect(feetInchesFromCm(182.8)).toEqual({ feet: 6, inches: 0 });
    expect(feetInchesFromCm(0)).toEqual({ feet: 0, inches: 0 });
  });

  it('reads kilograms as pounds to a tenth', () => {
    expect(poundsFromKg(68.0389)).toBe(150);
    expect(poundsFromKg(70)).toBe(154.3);
    expect(poundsFromKg(0.45359237)).toBe(1);
  });

  it('survives a round trip through the imperial form', () => {
    for (const cm of [150, 163.5, 170.18, 199.9]) {
      const { feet, inches } = feetInchesFromCm(cm);
      expect(Math.abs(cmFromFeetInches(feet, inches) - cm)).toBeLessThanOrEqual(0.13);
    }
    for (const kg of [45, 68.0389, 120.5]) {
      expect(Math.abs(kgFromPounds(poundsFromKg(kg)) - kg)).toBeLessThan(0.03);
    }
  });

  it('rounds half away from zero without float noise', () => {
    expect(roundTo(1.005, 2)).toBe(1.01);
    expect(roundTo(2.45, 1)).toBe(2.5);
    expect(roundTo(-2.45, 1)).toBe(-2.5);
  });
});

describe('formatting', () => {
  it('shows imperial by unit labels', () => {
    expect(formatHeight(170.18, 'imperial', labels)).toBe('5 ft 7 in');
    expect(formatWeight(70, 'imperial', labels)).toBe('154.3 lb');
  });

  it('shows metric rounded to a tenth', () => {
    expect(formatHeight(170.18, 'metric', labels)).toBe('170.2 cm');
    expect(formatWeight(68.0389, 'metric', labels)).toBe('68 kg');
  });
});

describe('form values', () => {
  it('turns the shown imperial values back into cm and kg', () => {
    const display = bodyDisplayOf(170.18, 68.0389, 'imperial');
    expect(display).toMatchObject({ heightFeet: 5, heightInches: 7, weight: 150 });
    expect(heightCmOf(display, 'imperial')).toBe(170.18);
    expect(weightKgOf(display, 'imperial')).toBe(68.0389);
  });

  it('takes metric values as they are', () => {
    const display = bodyDisplayOf(null, null, 'metric');
    expect(heightCmOf(display, 'metric')).toBeUndefined();
    expect(heightCmOf({ ...display, heightCm: 172.5 }, 'metric')).toBe(172.5);
    expect(weightKgOf({ ...display, weight: 80 }, 'metric')).toBe(80);
  });

  it('accepts feet without inches', () => {
    expect(heightCmOf({ heightCm: '', heightFeet: 6, heightInches: '', weight: '' }, 'imperial')).toBe(182.88);
  });
});
