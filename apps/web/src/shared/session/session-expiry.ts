import { client } from '@clinic/contract';
import { paths } from '../../config/paths.ts';
import { queryClient } from '../api/query-client.ts';
import { withLangQuery } from '../i18n/language.ts';
import { navigateTo } from '../navigation/navigate.ts';
import { setFlash } from '../notices/flash.ts';
import { authActions } from './auth-store.ts';

let redirectTimer: ReturnType<typeof setTimeout> | undefined;

/** SPEC 8 "HTTP" 401: forget the session, then show the login screen about 5 s later. */
export function expireSession(): void {
  authActions.clearSession();
  queryClient.clear();
  setFlash('sessionExpired');
  if (redirectTimer !== undefined) return;
  redirectTimer = setTimeout(() => {
    redirectTimer = undefined;
    navigateTo(withLangQuery(paths.login, window.location.search), { replace: true });
  }, client.unauthorizedRedirectMs);
}
