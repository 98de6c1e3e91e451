import { describe, expect, it } from 'vitest';
import { clampNumber, dropDecimals } from './number.ts';

describe('number input rules', () => {
  it('drops decimals without rounding', () => {
    expect(dropDecimals(1.99, 1)).toBe(1.9);
    expect(dropDecimals(170.189, 2)).toBe(170.18);
    expect(dropDecimals(0.3, 1)).toBe(0.3);
    expect(dropDecimals(-2.55, 0)).toBe(-2);
  });

  it('clamps to min and max', () => {
    expect(clampNumber(500, { min: 0, max: 300, decimals: 1 })).toBe(300);
    expect(clampNumber(-4, { min: 0, max: 300, decimals: 1 })).toBe(0);
    expect(clampNumber(12.345, { min: 0, max: 300, decimals: 1 })).toBe(12.3);
  });
});
