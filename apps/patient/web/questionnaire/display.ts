import type { OutcomeQuestionnaire } from '@clinic/contract';
import { dateFormat } from '../i18n/date-format.ts';

/**
 * The language of a questionnaire's own text when it is not the page's: the text is then marked with
 * it (`lang`), so that a screen reader reads it in its language. Undefined when they are the same.
 */
export function textLanguage(
  questionnaire: OutcomeQuestionnaire | undefined,
  pageLanguage: string,
): string | undefined {
  const language = questionnaire?.language;
  return language && language !== pageLanguage ? language : undefined;
}

/** A questionnaire's date (due, answered) as a day in the patient's language and time zone. */
export function formatDay(dueAt: string, language: string): string {
  return dateFormat(language, { dateStyle: 'medium' }).format(new Date(dueAt));
}
