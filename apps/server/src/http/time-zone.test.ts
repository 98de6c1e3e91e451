import { describe, expect, it } from 'vitest';
import { InvalidField } from '../domain-error.ts';
import { timeZoneOf } from './time-zone.ts';

describe('the x-time-zone header', () => {
  it('names a zone in any case, by its canonical name, as often as it is asked', () => {
    for (let i = 0; i < 2; i++) {
      expect(timeZoneOf('Asia/Seoul')).toBe('Asia/Seoul');
      expect(timeZoneOf('asia/SEOUL')).toBe('Asia/Seoul');
      expect(timeZoneOf('Asia/Calcutta')).toBe(timeZoneOf('Asia/Kolkata'));
      expect(timeZoneOf('utc')).toBe('UTC');
    }
  });

  it('is UTC when absent', () => {
    expect(timeZoneOf(undefined)).toBe('UTC');
  });

  it('refuses a zone that does not exist and an offset, every time', () => {
    for (let i = 0; i < 2; i++) {
      expect(() => timeZoneOf('Mars/Olympus')).toThrow(InvalidField);
      expect(() => timeZoneOf('+05:00')).toThrow(InvalidField);
      expect(() => timeZoneOf(['Asia/Seoul', 'UTC'])).toThrow(InvalidField);
    }
  });
});
