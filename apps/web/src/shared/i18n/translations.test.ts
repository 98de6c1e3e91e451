import { languages, messages } from '@clinic/contract';
import { describe, expect, it } from 'vitest';
import cs from '../../locales/cs/translation.json';
import en from '../../locales/en/translation.json';
import ko from '../../locales/ko/translation.json';
import zhHK from '../../locales/zh-HK/translation.json';
import { flattenKeys, nestKeys } from './nest-keys.ts';

const files: Record<(typeof languages)[number], unknown> = { en, ko, 'zh-HK': zhHK, cs };

function leaves(tree: unknown, prefix = ''): [string, unknown][] {
  if (typeof tree !== 'object' || tree === null) return [[prefix, tree]];
  return Object.entries(tree).flatMap(([key, value]) => leaves(value, prefix ? `${prefix}.${key}` : key));
}

describe('translation files', () => {
  const englishKeys = flattenKeys(en);

  it('has a reasonable number of strings', () => {
    expect(englishKeys.length).toBeGreaterThan(100);
  });

  for (const language of languages) {
    it(`${language} has exactly the English keys`, () => {
      expect(flattenKeys(files[language])).toEqual(englishKeys);
    });

    it(`${language} has no empty or non-string values`, () => {
      const bad = leaves(files[language]).filter(([, value]) => typeof value !== 'string' || value.trim() === '');
      expect(bad).toEqual([]);
    });

    it(`${language} uses the same interpolation variables as English`, () => {
      const englishLeaves = new Map(leaves(en));
      const mismatched = leaves(files[language]).filter(([key, value]) => {
        const variables = (text: unknown): string =>
          [...String(text).matchAll(/\{\{\s*(\w+)\s*\}\}/g)]
            .map((match) => match[1])
            .sort()
            .join(',');
        return variables(value) !== variables(englishLeaves.get(key));
      });
      expect(mismatched).toEqual([]);
    });
  }
});

describe('contract messages as an i18next namespace', () => {
  it('nests every dotted key without collisions', () => {
    for (const language of languages) {
      const nested = nestKeys(messages[language]);
      expect(flattenKeys(nested)).toEqual(Object.keys(messages[language]).sort());
    }
  });
});
