import type { MessageItem, MessageThreadSummary, ServerMessage } from '@clinic/contract';
import { withMessage } from '@clinic/client/thread-pages';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { messageKeys } from './message-keys.ts';

export interface ThreadPage {
  thread: MessageThreadSummary;
  /** Oldest first. */
  messageList: MessageItem[];
  hasOlder: boolean;
}

export type ThreadData = InfiniteData<ThreadPage, number>;

/** Puts a message into its thread's newest page at once, or replaces the one of the same id. */
export function keepMessage(queryClient: QueryClient, seqMedicalRelation: number, message: MessageItem): void {
  queryClient.setQueryData<ThreadData>(messageKeys.thread(seqMedicalRelation), (data) => withMessage(data, message));
}

/**
 * What the socket says of messages: a new one shows in its thread at once; the thread is then read
 * again where it is open (which marks it read on the server), and the threads' unread counts too.
 */
export function applyMessageEvent(queryClient: QueryClient, message: ServerMessage): void {
  if (message.type !== 'message' && message.type !== 'messageChanged') return;
  if (message.type === 'message') keepMessage(queryClient, message.seqMedicalRelation, message.message);
  void queryClient.invalidateQueries({ queryKey: messageKeys.thread(message.seqMedicalRelation) });
  void queryClient.invalidateQueries({ queryKey: messageKeys.threads });
}
