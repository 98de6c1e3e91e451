import type { MessageThreadSummary } from '@clinic/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** Under the patient's keys, so that the kept copy of one patient is dropped with them (query-persistence.ts). */
export const messageKeys = {
  all: ['patient', 'messages'] as const,
  threads: ['patient', 'messages', 'threads'] as const,
  thread: (seqMedicalRelation: number) => ['patient', 'messages', 'thread', seqMedicalRelation] as const,
};

export interface MyThreads {
  /** One per clinician, newest message first. */
  threadList: MessageThreadSummary[];
  totalUnread: number;
}

/**
 * The patient's threads with their unread counts: the navigation's badge and the list of threads read
 * the same query. Its endpoint's checks load with the first call, not with the shell.
 */
export const threadsQuery = queryOptions({
  queryKey: messageKeys.threads,
  queryFn: async ({ signal }): Promise<MyThreads> => (await import('./messages-api.ts')).fetchThreads(signal),
});

const totalUnread = (threads: MyThreads): number => threads.totalUnread;

/** Messages from the patient's clinicians not read yet, over every thread. */
export function useUnreadMessages(): number {
  return useQuery({ ...threadsQuery, select: totalUnread }).data ?? 0;
}
