import { client } from '@clinic/contract';
import { paths } from '../../config/paths.ts';
import { queryClient } from '../api/query-client.ts';
import { withLangQuery } from '../i18n/language.ts';
import { navigateTo } from '../navigation/navigate.ts';
import { setFlash } from '../notices/flash.ts';
import { readItem, storageKeys } from '../storage/local-storage.ts';
import { authActions } from './auth-store.ts';

let redirectTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * SPEC 8 "HTTP" 401: forget the session, then show the login screen about 5 s later.
 * Answers false when an expiry is already under way (several calls failing together), or when
 * the session had already ended on purpose (logout, account deletion): a late 401 of a request
 * sent before must not replace what that screen says with "session expired".
 */
export function expireSession(): boolean {
  if (readItem(storageKeys.accessToken) === null && readItem(storageKeys.refreshToken) === null) return false;
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
