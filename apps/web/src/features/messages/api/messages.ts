import {
  getUnreadMessageCount,
  listMessageThreads,
  listMessages,
  messageRules,
  sendMessage,
  uploadMessageAttachment,
  withdrawMessage,
  type MessageAttachment,
  type MessageItem,
  type MessageThreadSummary,
  type ReplyOf,
  type RequestOf,
} from '@clinic/contract';
import { withMessage } from '@clinic/client/thread-pages';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  type InfiniteData,
  type UseInfiniteQueryResult,
  type UseMutationResult,
  type UseQueryResult,
} from '@tanstack/react-query';
import { callApi, uploadFile } from '../../../shared/api/api-client.ts';
import { queryClient } from '../../../shared/api/query-client.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';

export interface ThreadPage {
  thread: MessageThreadSummary;
  /** Oldest first. */
  messageList: MessageItem[];
  hasOlder: boolean;
}

export interface InboxPage {
  threadList: MessageThreadSummary[];
  totalCount: number;
  totalUnread: number;
}

/** One page of the clinician's threads, newest message first. */
export function useMessageThreads(page: number, size: number): UseQueryResult<InboxPage> {
  return useQuery({
    queryKey: [...queryKeys.messageThreads, { page, size }],
    queryFn: async ({ signal }) => {
      const reply = await callApi(listMessageThreads, { page, size }, { signal });
      return { threadList: reply.threadList, totalCount: reply.totalCount, totalUnread: reply.totalUnread };
    },
    placeholderData: keepPreviousData,
  });
}

/** The unread messages in total and per thread: one request for the menu's badge and the patient list's. */
const unreadQuery = {
  queryKey: queryKeys.unreadMessages,
  queryFn: ({ signal }: { signal: AbortSignal }) => callApi(getUnreadMessageCount, {}, { signal }),
};

/** The unread messages over every thread, for the menu's badge. */
export function useUnreadMessageCount(enabled = true): UseQueryResult<number> {
  return useQuery({ ...unreadQuery, select: (reply) => reply.totalUnread, enabled });
}

/** Each patient's unread messages by relation, for the patient list; a patient absent has none. */
export function useUnreadByPatient(): UseQueryResult<ReadonlyMap<number, number>> {
  return useQuery({
    ...unreadQuery,
    select: (reply) => new Map(reply.threadList.map((thread) => [thread.seqMedicalRelation, thread.unreadCount])),
  });
}

/**
 * The thread with a patient, the newest page first and older pages after it as the clinician pages
 * back. Reading the newest page marks the patient's messages read (decision 0016).
 */
export function useThread(
  seqMedicalRelation: number,
): UseInfiniteQueryResult<InfiniteData<ThreadPage, number | undefined>> {
  return useInfiniteQuery({
    queryKey: queryKeys.messageThread(seqMedicalRelation),
    queryFn: async ({ pageParam, signal }) => {
      const reply = await callApi(
        listMessages,
        {
          seqMedicalRelation,
          size: messageRules.pageSizeDefault,
          ...(pageParam === undefined ? {} : { beforeSeqMessage: pageParam }),
        },
        { signal },
      );
      // The newest page marked messages read: the inbox and the badge count again.
      if (pageParam === undefined) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.unreadMessages });
        void queryClient.invalidateQueries({ queryKey: queryKeys.messageThreads });
      }
      return { thread: reply.thread, messageList: reply.messageList, hasOlder: reply.hasOlder };
    },
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => (page.hasOlder ? page.messageList[0]?.seqMessage : undefined),
  });
}

/** Puts a message into the open thread's newest page at once, or replaces the one of the same id. */
function keepMessage(seqMedicalRelation: number, message: MessageItem): void {
  queryClient.setQueryData<InfiniteData<ThreadPage, number | undefined>>(
    queryKeys.messageThread(seqMedicalRelation),
    (data) => withMessage(data, message),
  );
}

/** After a change to a thread: the thread (when shown, read again), the inbox and the badge. */
function refreshThread(seqMedicalRelation: number): void {
  void queryClient.invalidateQueries({ queryKey: queryKeys.messageThread(seqMedicalRelation) });
  void queryClient.invalidateQueries({ queryKey: queryKeys.messageThreads });
  void queryClient.invalidateQueries({ queryKey: queryKeys.unreadMessages });
}

export function useSendMessage(
  seqMedicalRelation: number,
): UseMutationResult<ReplyOf<typeof sendMessage>, Error, RequestOf<typeof sendMessage>> {
  return useMutation({
    mutationFn: (request) => callApi(sendMessage, request),
    onSuccess: (reply) => {
      if (!reply.isSuccess) return;
      keepMessage(seqMedicalRelation, reply.message);
      refreshThread(seqMedicalRelation);
    },
  });
}

export function useWithdrawMessage(
  seqMedicalRelation: number,
): UseMutationResult<ReplyOf<typeof withdrawMessage>, Error, number> {
  return useMutation({
    mutationFn: (seqMessage) => callApi(withdrawMessage, { seqMessage }),
    onSuccess: (reply) => {
      if (reply.isSuccess) keepMessage(seqMedicalRelation, reply.message);
      refreshThread(seqMedicalRelation);
    },
  });
}

/** Uploads one file to the thread before it is sent; a refusal answers its failedCode. */
export async function uploadAttachment(
  seqMedicalRelation: number,
  file: File,
): Promise<{ attachment: MessageAttachment } | { failedCode: string }> {
  const reply = await uploadFile(uploadMessageAttachment, { seqMedicalRelation }, file, file.name);
  return reply.isSuccess ? { attachment: reply.attachment } : { failedCode: reply.failedCode };
}
