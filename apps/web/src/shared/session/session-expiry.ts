import { client } from '@clinic/contract';
import { paths } from '../../config/paths.ts';
import { queryClient } from '../api/query-client.ts';
import { withLangQuery } from '../i18n/language.ts';
import { navigateTo } from '../navigation/navigate.ts';
import { setFlash } from '../notices/flash.ts';
import { authActions } from './auth-store.ts';

let redirectTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * SPEC 8 "HTTP" 401: forget the session, then show the login screen about 5 s later.
 * Answers false when an expiry is already under way (several calls failing together).
 */
export function expireSession(): boolean {
  authActions.clearSession();
  setFlash('sessionExpired');
  if (redirectTimer !== undefined) return false;
  redirectTimer = setTimeout(() => {
    void navigateTo(withLangQuery(paths.login, window.location.search), { replace: true }).finally(() => {
      redirectTimer = undefined;
      queryClient.clear();
    });
  }, client.unauthorizedRedirectMs);
  return true;
}
