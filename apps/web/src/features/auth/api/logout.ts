import { logout } from '@clinic/contract';
import { useMutation, type UseMutationResult } from '@tanstack/react-query';
import { paths } from '../../../config/paths.ts';
import { callApi } from '../../../shared/api/api-client.ts';
import { queryClient } from '../../../shared/api/query-client.ts';
import { withLangQuery } from '../../../shared/i18n/language.ts';
import { navigateTo } from '../../../shared/navigation/navigate.ts';
import { setFlash, type FlashKind } from '../../../shared/notices/flash.ts';
import { authActions, hasAccessToken } from '../../../shared/session/auth-store.ts';
import { updateTokenRequest } from '../../../shared/api/update-token.ts';

export interface EndSessionOptions {
  /** A logout the clinician did not ask for (idle limit): the push token is cleared first. */
  forced?: boolean;
  /** The notice the login screen shows. */
  notice?: FlashKind;
}

/** Ends this session on the server when possible, forgets it here and shows the login screen. */
export async function endSession({ forced = false, notice }: EndSessionOptions = {}): Promise<void> {
  try {
    if (forced) await updateTokenRequest('');
  } catch {
    // The push token is cleared again at the next login.
  }
  try {
    if (hasAccessToken()) await callApi(logout, {}, { silent: true });
  } catch {
    // The session is forgotten here either way; the server lets it expire.
  }
  authActions.clearSession();
  if (notice) setFlash(notice);
  await navigateTo(withLangQuery(paths.login, window.location.search), { replace: true });
  queryClient.clear();
}

export function useLogout(): UseMutationResult<void, Error, EndSessionOptions | undefined> {
  return useMutation({ mutationFn: (options?: EndSessionOptions) => endSession(options) });
}
