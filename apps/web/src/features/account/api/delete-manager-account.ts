import { deleteManagerAccount, type ReplyOf } from '@clinic/contract';
import { useMutation, type UseMutationResult } from '@tanstack/react-query';
import { paths } from '../../../config/paths.ts';
import { callApi } from '../../../shared/api/api-client.ts';
import { queryClient } from '../../../shared/api/query-client.ts';
import { withLangQuery } from '../../../shared/i18n/language.ts';
import { navigateTo } from '../../../shared/navigation/navigate.ts';
import { setFlash } from '../../../shared/notices/flash.ts';
import { authActions } from '../../../shared/session/auth-store.ts';

export type DeleteManagerAccountReply = ReplyOf<typeof deleteManagerAccount>;

/** Deletes the account (after a recent password confirmation); a success ends the session here too. */
export async function deleteManagerAccountRequest(): Promise<DeleteManagerAccountReply> {
  const reply = await callApi(deleteManagerAccount, {});
  if (reply.isSuccess) {
    authActions.clearSession();
    setFlash('accountDeleted');
    await navigateTo(withLangQuery(paths.login, window.location.search), { replace: true });
    queryClient.clear();
  }
  return reply;
}

export function useDeleteManagerAccount(): UseMutationResult<DeleteManagerAccountReply, Error, void> {
  return useMutation({ mutationFn: deleteManagerAccountRequest });
}
