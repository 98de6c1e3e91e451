import {
  pageOffset,
  type BodyOf,
  type getUnreadMessageCount,
  type listMessageThreads,
  type listMessages,
  type listMyMessageThreads,
} from '@clinic/contract';
import type { Clock, RequestContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import type { Answer } from '../../http/route.ts';
import { recordAudit, relationEntry } from '../audit/index.ts';
import { threadOf, type ClinicianCaller, type MessageCaller, type PatientCaller } from './message-access.ts';
import type { MessageDelivery } from './message-delivery.ts';
import { toMessageItem, toThreadSummary } from './message.mapper.ts';
import { messageRepository } from './message.repository.ts';

export interface MessageThreadService {
  listThreads(
    caller: ClinicianCaller,
    request: BodyOf<typeof listMessageThreads>,
    context: RequestContext,
  ): Promise<Answer<typeof listMessageThreads>>;
  listMyThreads(caller: PatientCaller, context: RequestContext): Promise<Answer<typeof listMyMessageThreads>>;
  unreadCount(caller: ClinicianCaller): Promise<Answer<typeof getUnreadMessageCount>>;
  listMessages(
    caller: MessageCaller,
    request: BodyOf<typeof listMessages>,
    context: RequestContext,
  ): Promise<Answer<typeof listMessages>>;
}

/** The inboxes and the threads, for both sides; reading a thread's newest page marks it read. */
export function messageThreadService({
  db,
  now,
  delivery,
}: {
  db: Database;
  now: Clock;
  delivery: MessageDelivery;
}): MessageThreadService {
  return {
    async listThreads(caller, { page, size }, context) {
      const repository = messageRepository(db);
      const [{ rows, totalCount }, unread] = await Promise.all([
        repository.clinicianThreads(caller.seqManager, pageOffset(page, size), size),
        repository.unreadCounts('clinician', caller.seqManager),
      ]);
      await recordAudit(db, caller, context, now(), [{ action: 'read', entity: 'message_thread' }]);
      return {
        threadList: rows.map(toThreadSummary),
        totalCount,
        totalUnread: unread.reduce((sum, thread) => sum + thread.unreadCount, 0),
      };
    },

    async listMyThreads(caller, context) {
      const rows = await messageRepository(db).patientThreads(caller.seqPatient);
      await recordAudit(db, caller, context, now(), [
        { action: 'read', entity: 'message_thread', seqPatient: caller.seqPatient },
      ]);
      return {
        threadList: rows.map(toThreadSummary),
        totalUnread: rows.reduce((sum, row) => sum + row.unreadCount, 0),
      };
    },

    async unreadCount(caller) {
      const threadList = await messageRepository(db).unreadCounts('clinician', caller.seqManager);
      return { totalUnread: threadList.reduce((sum, thread) => sum + thread.unreadCount, 0), threadList };
    },

    async listMessages(caller, { seqMedicalRelation, beforeSeqMessage, size }, context) {
      const parties = await threadOf(db, caller, seqMedicalRelation);
      const repository = messageRepository(db);
      const at = now();
      // The newest page is what an opened thread shows: the other side's messages are read now,
      // together with the audit row of that reading.
      const read = await db.transaction(async (tx) => {
        const marked =
          beforeSeqMessage === undefined
            ? await messageRepository(tx).markRead(seqMedicalRelation, caller.side, at)
            : 0;
        await recordAudit(tx, caller, context, at, [relationEntry('read', 'message', parties)]);
        return marked;
      });
      const page = await repository.pageOf(seqMedicalRelation, beforeSeqMessage, size);
      const rows = page.slice(0, size).reverse();
      const [attachments, thread] = await Promise.all([
        repository.attachmentsOfMessages(rows.map((row) => row.seqMessage)),
        repository.threadOf(caller.side, parties),
      ]);
      if (read > 0) await delivery.changed(parties, 'read');
      return {
        thread: toThreadSummary(thread),
        messageList: rows.map((row) => toMessageItem(row, attachments, caller.side)),
        hasOlder: page.length > size,
      };
    },
  };
}
