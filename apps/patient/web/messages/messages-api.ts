import {
  listMyMessageThreads,
  listMyMessages,
  messageRules,
  uploadMyMessageAttachment,
  withdrawMyMessage,
  type MessageAttachment,
  type ReplyOf,
} from '@clinic/contract';
import {
  useInfiniteQuery,
  useMutation,
  type UseInfiniteQueryResult,
  type UseMutationResult,
} from '@tanstack/react-query';
import { api } from '../api/client.ts';
import { queryClient } from '../api/queries.ts';
import { keepMessage, type ThreadData, type ThreadPage } from './message-cache.ts';
import { messageKeys, type MyThreads } from './message-keys.ts';

export async function fetchThreads(signal: AbortSignal): Promise<MyThreads> {
  const { threadList, totalUnread } = await api.callApi(listMyMessageThreads, {}, { signal });
  return { threadList, totalUnread };
}

/** The newest page's parameter: a number, as the kept copy (JSON) would read undefined back as null. */
const newestPage = 0;

/**
 * The thread with one clinician: the newest page first, older pages after it as the patient pages
 * back. Reading the newest page marks the clinician's messages read (decision 0016), so the unread
 * counts are read again after it.
 */
export function useThread(seqMedicalRelation: number): UseInfiniteQueryResult<ThreadData> {
  return useInfiniteQuery({
    queryKey: messageKeys.thread(seqMedicalRelation),
    queryFn: async ({ pageParam, signal }): Promise<ThreadPage> => {
      const reply = await api.callApi(
        listMyMessages,
        {
          seqMedicalRelation,
          size: messageRules.pageSizeDefault,
          ...(pageParam === newestPage ? {} : { beforeSeqMessage: pageParam }),
        },
        { signal },
      );
      if (pageParam === newestPage) void queryClient.invalidateQueries({ queryKey: messageKeys.threads });
      return { thread: reply.thread, messageList: reply.messageList, hasOlder: reply.hasOlder };
    },
    initialPageParam: newestPage,
    getNextPageParam: (page) => (page.hasOlder ? page.messageList[0]?.seqMessage : undefined),
  });
}

export function useWithdrawMessage(
  seqMedicalRelation: number,
): UseMutationResult<ReplyOf<typeof withdrawMyMessage>, Error, number> {
  return useMutation({
    mutationFn: (seqMessage) => api.callApi(withdrawMyMessage, { seqMessage }),
    onSuccess: (reply) => {
      if (reply.isSuccess) keepMessage(queryClient, seqMedicalRelation, reply.message);
      void queryClient.invalidateQueries({ queryKey: messageKeys.thread(seqMedicalRelation) });
    },
  });
}

/** Uploads one file to the thread before it is sent; a refusal answers its failedCode. */
export async function uploadAttachment(
  seqMedicalRelation: number,
  file: File,
): Promise<{ attachment: MessageAttachment } | { failedCode: string }> {
  const reply = await api.uploadFile(uploadMyMessageAttachment, { seqMedicalRelation }, file, file.name);
  return reply.isSuccess ? { attachment: reply.attachment } : { failedCode: reply.failedCode };
}
