import { paths } from '../config/paths.ts';
import { withLangQuery } from '../shared/i18n/language.ts';
import { isSuccessfulPaymentResultState } from '../shared/navigation/route-state.ts';

/** A guard answers the path to redirect to, or null to let the screen open. */
export type GuardResult = string | null;

/** Root: an access token in local storage, else the login screen keeping the lang query. */
export function requireSession(url: URL, hasAccessToken: boolean): GuardResult {
  return hasAccessToken ? null : withLangQuery(paths.login, url.search);
}

/** Patient details and each of its tabs: an id query parameter, else back to the patient list. */
export function requirePatientId(url: URL): GuardResult {
  const id = url.searchParams.get('id');
  return id !== null && id.trim() !== '' ? null : withLangQuery(paths.patientList, url.search);
}

/** Payment result: a result query parameter, else the options screen. */
export function requirePaymentResult(url: URL): GuardResult {
  const result = url.searchParams.get('result');
  return result !== null && result.trim() !== '' ? null : withLangQuery(paths.options, url.search);
}

/**
 * Payment info is skipped to the options screen when arriving from a successful result page: sent
 * on by it, or back to the form through the browser's history after paying for its plan.
 */
export function skipPaymentInfoAfterSuccess(state: unknown, search: string, planPaid: boolean): GuardResult {
  return isSuccessfulPaymentResultState(state) || planPaid ? withLangQuery(paths.options, search) : null;
}

/** The session idle timer runs everywhere except the login area, and only with a session. */
export function isIdleTimerActive(pathname: string, hasAccessToken: boolean): boolean {
  if (!hasAccessToken) return false;
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return normalized !== paths.login && !normalized.startsWith(`${paths.login}/`);
}
