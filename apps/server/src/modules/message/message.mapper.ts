import {
  messageAttachmentPathOf,
  messageRules,
  type AttachmentType,
  type MessageAttachment,
  type MessageItem,
  type MessageThreadSummary,
} from '@clinic/contract';
import { fullName } from '../shared/index.ts';
import type { AwaySettings } from './after-hours.ts';
import type { AttachmentRow, AwaySettingRow, MessageRow, Side, ThreadRow } from './message.repository.ts';

export function toAttachment(row: AttachmentRow): MessageAttachment {
  return {
    id: row.uploadId,
    fileName: row.fileName,
    contentType: row.contentType as AttachmentType,
    byteSize: row.byteSize,
    url: messageAttachmentPathOf(row.uploadId),
    thumbnailUrl: row.thumbnailUploadId ? messageAttachmentPathOf(row.uploadId, true) : null,
  };
}

/** A message as `reader` sees it: a withdrawn one without its text or files. */
export function toMessageItem(row: MessageRow, attachments: AttachmentRow[], reader: Side): MessageItem {
  const withdrawn = row.withdrawnAt !== null;
  return {
    seqMessage: row.seqMessage,
    seqMedicalRelation: row.seqMedicalRelation,
    senderRole: row.senderRole,
    mine: row.senderRole === reader && row.automatic === null,
    text: withdrawn ? null : row.body,
    automatic: row.automatic,
    nextOpenAt: row.nextOpenAt?.toISOString() ?? null,
    attachments: withdrawn
      ? []
      : attachments.filter((attachment) => attachment.seqMessage === row.seqMessage).map(toAttachment),
    sentAt: row.sentAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
    withdrawnAt: row.withdrawnAt?.toISOString() ?? null,
  };
}

export function toThreadSummary(row: ThreadRow): MessageThreadSummary {
  const { parties, lastMessage } = row;
  return {
    seqMedicalRelation: parties.seqMedicalRelation,
    patientName: parties.patientName,
    managerName: fullName({ firstName: parties.managerFirstName, lastName: parties.managerLastName }),
    isOpen: parties.isEnabled,
    lastMessage: lastMessage
      ? {
          senderRole: lastMessage.senderRole,
          preview: lastMessage.withdrawnAt ? null : lastMessage.body.slice(0, messageRules.previewMax),
          hasAttachments: lastMessage.withdrawnAt ? false : row.hasAttachments,
          sentAt: lastMessage.sentAt.toISOString(),
        }
      : null,
    unreadCount: row.unreadCount,
  };
}

export const awaySettingsOf = (row: AwaySettingRow): AwaySettings => ({
  afterHoursTexts: row.afterHoursTexts,
  vacation:
    row.vacationFrom && row.vacationTo
      ? { from: row.vacationFrom, to: row.vacationTo, texts: row.vacationTexts }
      : null,
  timeZone: row.timeZone,
});
