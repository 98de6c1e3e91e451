import { ApiError } from '@clinic/client/api-error';
import { FailedCode, type Language } from '@clinic/contract';
import { messageText } from '../i18n/i18n.ts';

export type ErrorTextKey = 'errors.network' | 'errors.timeout' | 'errors.unexpected';

/**
 * What to tell the patient about a failed call: the contract's translated message for a coded
 * failure, else one of the client's own texts (keyed, for the caller to translate).
 */
export function errorTextOf(
  error: unknown,
  language: Language,
): { text: string; key?: undefined } | { key: ErrorTextKey; text?: undefined } {
  if (error instanceof ApiError) {
    if (error.kind === 'network') return { key: 'errors.network' };
    if (error.kind === 'timeout') return { key: 'errors.timeout' };
    if (error.failedCode) return { text: messageText(error.failedCode, language) };
    if (error.status >= 500) return { text: messageText(FailedCode.ServerError, language) };
  }
  return { key: 'errors.unexpected' };
}
