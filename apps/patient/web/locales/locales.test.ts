import { describe, expect, it } from 'vitest';
import cs from './cs.json';
import en from './en.json';
import ko from './ko.json';
import zhHK from './zh-HK.json';

function flatten(value: unknown, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof child === 'string') entries.set(path, child);
    else for (const [childPath, text] of flatten(child, path)) entries.set(childPath, text);
  }
  return entries;
}

const placeholders = (text: string): string[] => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]!).sort();

describe('the patient client’s translations', () => {
  const english = flatten(en);
  it.each([
    ['ko', ko],
    ['zh-HK', zhHK],
    ['cs', cs],
  ])('%s has every English text, translated, with the same placeholders', (language, translation) => {
    const other = flatten(translation);
    expect([...other.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, text] of english) {
      const translated = other.get(key) ?? '';
      expect(translated.trim(), `${language} ${key}`).not.toBe('');
      expect(placeholders(translated), `${language} ${key}`).toEqual(placeholders(text));
    }
    const same = [...english].filter(([key, text]) => other.get(key) === text && !/^\{\{\w+\}\}/.test(text));
    // Only a few texts may read the same (a counter, a range, the product name).
    expect(same.length, same.map(([key]) => key).join(', ')).toBeLessThanOrEqual(4);
  });
});
