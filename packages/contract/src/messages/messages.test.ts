import { describe, expect, it } from 'vitest';
import { failedCodes } from '../errors.ts';
import { customLimits } from '../outcome-measures/custom.ts';
import { languages } from '../rules.ts';
import { en } from './en.ts';
import { messages, translate } from './index.ts';

describe('messages', () => {
  it('has a non-empty text for every failedCode in every language', () => {
    for (const language of languages) {
      for (const code of failedCodes) expect(messages[language][code], `${language} ${code}`).toMatch(/\S/);
    }
  });

  it('has the same keys in every language, each translated', () => {
    const keys = Object.keys(en).sort();
    for (const language of languages) {
      expect(Object.keys(messages[language]).sort()).toEqual(keys);
      if (language !== 'en') {
        const untranslated = keys.filter(
          (key) => messages[language][key as keyof typeof en] === en[key as keyof typeof en],
        );
        expect(untranslated, language).toEqual([]);
      }
    }
  });

  it("names the custom questionnaire's limits as the rules have them, in every language", () => {
    for (const language of languages) {
      expect(messages[language]['validation.too_many_options'], language).toContain(String(customLimits.optionsMax));
      expect(messages[language]['validation.too_many_questions'], language).toContain(String(customLimits.itemsMax));
    }
  });

  it('falls back to the generic text for an unknown key', () => {
    expect(translate('cs', 'no.such.key')).toBe(messages.cs['validation.invalid']);
  });
});
