import { defaultLanguage, isLanguage, type Language } from '@clinic/contract';
import type { appUser, manager } from '../../db/schema.ts';

export const fullName = (row: Pick<typeof manager.$inferSelect, 'firstName' | 'lastName'>): string =>
  `${row.firstName} ${row.lastName}`;

/** Mail to an account is written in the language its owner chose (on My page, else at sign-up), whoever asked for it. */
export const mailLanguageOf = (user: Pick<typeof appUser.$inferSelect, 'language'>): Language =>
  isLanguage(user.language) ? user.language : defaultLanguage;
