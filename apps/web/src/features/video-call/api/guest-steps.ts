import { admitGuest, inviteGuest, removeGuest, type Endpoint, type ReplyOf, type RequestOf } from '@clinic/contract';
import { useMutation, useQueryClient, type UseMutationResult } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.ts';
import { guestsQueryKey } from './get-guests.ts';

/** A step on a visit's guests, after which their list is read again. */
function useGuestStep<E extends Endpoint>(
  endpoint: E,
  seqSchedule: number,
): UseMutationResult<ReplyOf<E>, Error, RequestOf<E>> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RequestOf<E>) => callApi(endpoint, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: guestsQueryKey(seqSchedule) }),
  });
}

/** Makes a single-use link for a guest (mailed when an address is given); SE0128 past two guests. */
export const useInviteGuest = (
  seqSchedule: number,
): UseMutationResult<ReplyOf<typeof inviteGuest>, Error, RequestOf<typeof inviteGuest>> =>
  useGuestStep(inviteGuest, seqSchedule);

/** Lets a waiting guest into the open call; SE0127 once they have left the waiting room. */
export const useAdmitGuest = (
  seqSchedule: number,
): UseMutationResult<ReplyOf<typeof admitGuest>, Error, RequestOf<typeof admitGuest>> =>
  useGuestStep(admitGuest, seqSchedule);

/** Takes a guest out for good; their link stops working. */
export const useRemoveGuest = (
  seqSchedule: number,
): UseMutationResult<ReplyOf<typeof removeGuest>, Error, RequestOf<typeof removeGuest>> =>
  useGuestStep(removeGuest, seqSchedule);
