import type { Language } from '../rules.ts';
import { cs } from './cs.ts';
import { en, type MessageKey, type Messages } from './en.ts';
import { ko } from './ko.ts';
import { zhHK } from './zh-HK.ts';

export type { MessageKey, Messages };
export const messages: Record<Language, Messages> = { en, ko, 'zh-HK': zhHK, cs };

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(en, key);
}

/** The message for a key in a language; an unknown key reads as the generic invalid-value text. */
export function translate(language: Language, key: string): string {
  return messages[language][isMessageKey(key) ? key : 'validation.invalid'];
}
