import { instantOf, nextDate, type MedicalRecordItem, type ReportMessage } from '@clinic/contract';
import type { Database } from '../../db/client.ts';
import { messageRepository } from './message.repository.ts';

/**
 * The thread in the medical record: one entry per day with messages, the day in the reader's time
 * zone, placed at its last message. The caller has checked the relation and audits the reading.
 */
export async function messageRecordItems(
  db: Database,
  seqMedicalRelation: number,
  timeZone: string,
): Promise<MedicalRecordItem[]> {
  const days = await messageRepository(db).messageDays(seqMedicalRelation, timeZone);
  return days.map((row) => ({
    kind: 'messages',
    at: row.lastAt.toISOString(),
    messages: {
      day: row.day,
      count: row.count,
      firstAt: row.firstAt.toISOString(),
      lastAt: row.lastAt.toISOString(),
    },
  }));
}

/**
 * The thread's messages sent on a report's days (in its time zone), oldest first, as both sides
 * see them: a withdrawn one without its text or files. The caller has checked the relation.
 */
export async function reportMessages(
  db: Database,
  seqMedicalRelation: number,
  range: { startDate: string; endDate: string; timeZone: string },
): Promise<ReportMessage[]> {
  const repository = messageRepository(db);
  const rows = await repository.messagesBetween(
    seqMedicalRelation,
    instantOf(range.startDate, 0, range.timeZone),
    instantOf(nextDate(range.endDate), 0, range.timeZone),
  );
  const attachments = await repository.attachmentsOfMessages(
    rows.filter((row) => row.withdrawnAt === null).map((row) => row.seqMessage),
  );
  return rows.map((row) => ({
    senderRole: row.senderRole,
    automatic: row.automatic,
    sentAt: row.sentAt.toISOString(),
    text: row.withdrawnAt ? null : row.body,
    attachmentNames: attachments
      .filter((attachment) => attachment.seqMessage === row.seqMessage)
      .map((attachment) => attachment.fileName),
    withdrawnAt: row.withdrawnAt?.toISOString() ?? null,
  }));
}
