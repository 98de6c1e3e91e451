import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  FailedCode,
  fillTemplate,
  isLanguage,
  messageRules,
  templateVariableMissing,
  type BodyOf,
  type Language,
  type MessageAttachment,
  type MessageItem,
  type sendMessage,
  type TemplateVariable,
} from '@clinic/contract';
import type { Clock, RequestContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { BusinessFailure, HttpFailure, notFound } from '../../domain-error.ts';
import type { UploadedFile } from '../../http/multipart.ts';
import { enforceLimits, type RateLimit, type RateLimiter } from '../../security/rate-limiter.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { actorOf, auditInsert, recordAudit, relationEntry } from '../audit/index.ts';
import { nextVisitStart, timelineOf } from '../schedule/index.ts';
import { namedTimeText } from '../notification/index.ts';
import { fullName } from '../shared/index.ts';
import { keepUpload } from '../storage/index.ts';
import { autoReplyAt } from './after-hours.ts';
import { attachmentTypeOf, cleanFileName, storedImageOf, thumbnailOf } from './attachment-file.ts';
import { isCallersThread, threadOf, type MessageCaller } from './message-access.ts';
import type { MessageDelivery } from './message-delivery.ts';
import { awaySettingsOf, toAttachment, toMessageItem } from './message.mapper.ts';
import {
  messageRepository,
  type AttachmentRow,
  type MessageRepository,
  type MessageRow,
  type NewMessage,
  type ThreadParties,
} from './message.repository.ts';

/** Messages and files one sender may send in a minute. */
const perSender: RateLimit = { max: messageRules.perMinute, windowSeconds: 60 };

/**
 * `{patientFirstName}`: the first word of the patient's name, the only name the record keeps.
 * A name in Hangul or Han script starts with the family name, so it gives no value and the
 * template is refused (MS0101) rather than greeting the patient by their family name.
 */
function firstNameOf(patientName: string): string | undefined {
  if (/[\p{Script=Hangul}\p{Script=Han}]/u.test(patientName)) return undefined;
  return patientName.trim().split(/\s+/)[0] || undefined;
}

export interface MessageSendService {
  send(caller: MessageCaller, request: BodyOf<typeof sendMessage>, context: RequestContext): Promise<MessageItem>;
  withdraw(caller: MessageCaller, seqMessage: number, context: RequestContext): Promise<MessageItem>;
  upload(
    caller: MessageCaller,
    /** The file's bytes are read once the caller may send to the thread. */
    file: { seqMedicalRelation: number; read: UploadedFile; fileName: string | undefined },
    context: RequestContext,
  ): Promise<MessageAttachment>;
  readAttachment(
    caller: MessageCaller,
    uploadId: string,
    thumbnail: boolean,
    context: RequestContext,
  ): Promise<{ bytes: Readable; contentType: string; fileName: string }>;
}

/**
 * Sending, withdrawing and the files of messages (docs/decisions/0016-messages.md). Every refusal
 * comes before anything is stored; the message, its files' binding, the automatic reply and their
 * audit rows commit together, and delivery follows the commit.
 */
export function messageSendService({
  db,
  now,
  limiter,
  storage,
  delivery,
}: {
  db: Database;
  now: Clock;
  limiter: RateLimiter;
  storage: FileStorage;
  delivery: MessageDelivery;
}): MessageSendService {
  /** Whether the caller may write to the thread now: open, and (for a clinician) with a patient who uses the app. */
  async function checkWritable(caller: MessageCaller, parties: ThreadParties): Promise<void> {
    if (caller.side === 'clinician' && parties.patientUser === null) throw new BusinessFailure(FailedCode.NotAppMember);
    if (!parties.isEnabled) throw new BusinessFailure(FailedCode.MessageThreadClosed);
    await enforceLimits(limiter, [[`message:user:${caller.seqUser}`, perSender]]);
  }

  /** A message sent again with its key: the first answers, in its own thread only, and the call is on record with its id. */
  async function replayOf(
    caller: MessageCaller,
    first: MessageRow,
    parties: ThreadParties,
    context: RequestContext,
  ): Promise<MessageItem> {
    if (first.seqMedicalRelation !== parties.seqMedicalRelation) throw new HttpFailure(409, FailedCode.Conflict);
    const [attachments] = await Promise.all([
      messageRepository(db).attachmentsOfMessages([first.seqMessage]),
      recordAudit(db, caller, context, now(), [relationEntry('create', 'message', parties, first.seqMessage)]),
    ]);
    return toMessageItem(first, attachments, caller.side);
  }

  /** The clinician's text with its variables filled for this patient; a variable without a value is refused. */
  async function filledText(parties: ThreadParties, text: string, context: RequestContext): Promise<string> {
    const language: Language = isLanguage(parties.patientLanguage) ? parties.patientLanguage : 'en';
    const values: Partial<Record<TemplateVariable, string>> = {
      patientFirstName: firstNameOf(parties.patientName),
      clinicianName: fullName({ firstName: parties.managerFirstName, lastName: parties.managerLastName }).trim(),
    };
    if (text.includes('{nextVisit}')) {
      const next = await nextVisitStart(db, parties.seqMedicalRelation, now());
      if (next) values.nextVisit = namedTimeText(next, language, context.timeZone);
    }
    const filled = fillTemplate(text, values);
    if ('missing' in filled) throw new BusinessFailure(templateVariableMissing[filled.missing]);
    return filled.text;
  }

  return {
    async send(caller, request, context) {
      // A replay (sent offline, then again) answers the first message whatever changed since:
      // it is not counted again, and a thread closed meanwhile does not refuse what was sent.
      const target = await messageRepository(db).sendTarget(request.seqMedicalRelation, caller, {
        seqUser: caller.seqUser,
        idempotencyKey: request.idempotencyKey,
      });
      if (!target) throw notFound();
      const { hasThread, hasAway, keyUsed, ...parties } = target;
      const first = keyUsed ? await messageRepository(db).findByKey(caller.seqUser, request.idempotencyKey) : undefined;
      if (first) return replayOf(caller, first, parties, context);
      await checkWritable(caller, parties);
      const text = caller.side === 'clinician' ? await filledText(parties, request.text, context) : request.text;
      // A patient's message may get the automatic reply their clinician set up.
      const [away, hours] =
        caller.side === 'patient' && hasAway
          ? await Promise.all([
              messageRepository(db).findAwaySetting(parties.seqManager),
              timelineOf(db, parties.seqManager, context.timeZone),
            ])
          : [];
      if (!hasThread) await messageRepository(db).makeThread(parties.seqMedicalRelation);
      const actor = actorOf(caller, context);
      /** The insert of a message with its audit entry, as the caller. */
      const add = (repository: MessageRepository, row: NewMessage) =>
        repository.addMessage(row, (added) =>
          auditInsert(
            actor,
            row.sentAt,
            { ...relationEntry('create', 'message', parties), entityId: added.seqMessage },
            added.from,
          ),
        );
      const store = async (database: Database) => {
        const repository = messageRepository(database);
        // Locked only where an automatic reply may follow: one per closed period, whatever comes at once.
        const thread = hours ? await repository.lockThread(parties.seqMedicalRelation) : undefined;
        const at = now();
        const row = await add(repository, {
          seqMedicalRelation: parties.seqMedicalRelation,
          senderRole: caller.side,
          seqUser: caller.seqUser,
          body: text,
          idempotencyKey: request.idempotencyKey,
          sentAt: at,
        });
        if (!row) {
          // Sent with this key by a concurrent request: the first message answers, and nothing is added.
          const first = await repository.findByKey(caller.seqUser, request.idempotencyKey);
          if (!first) throw new HttpFailure(409, FailedCode.Conflict);
          return { row: first, added: [] };
        }
        const bound = await repository.bindAttachments(
          request.attachmentIds,
          row.seqMessage,
          parties.seqMedicalRelation,
          caller.seqUser,
        );
        if (bound !== request.attachmentIds.length) throw notFound();
        const added = [row];
        const reply = thread && away && hours && autoReplyAt(hours, awaySettingsOf(away), at, context.language);
        if (reply && reply.period !== thread.autoReplyPeriod) {
          const automatic = await add(repository, {
            seqMedicalRelation: parties.seqMedicalRelation,
            senderRole: 'clinician',
            seqUser: parties.clinicianUser,
            body: reply.text,
            automatic: reply.kind,
            nextOpenAt: reply.nextOpenAt ?? null,
            sentAt: at,
          });
          await repository.setAutoReplyPeriod(parties.seqMedicalRelation, reply.period);
          added.push(automatic!);
        }
        return { row, added };
      };
      // A message alone is one statement; its files and an automatic reply commit with it.
      const stored =
        request.attachmentIds.length > 0 || hours ? await db.transaction((tx) => store(tx)) : await store(db);
      if (stored.added.length === 0) return replayOf(caller, stored.row, parties, context);
      const attachments =
        request.attachmentIds.length === 0
          ? []
          : await messageRepository(db).attachmentsOfMessages([stored.row.seqMessage]);
      delivery.added(
        parties,
        stored.added.map((row) => ({ row, attachments: row === stored.row ? attachments : [] })),
      );
      return toMessageItem(stored.row, attachments, caller.side);
    },

    async withdraw(caller, seqMessage, context) {
      const { row, parties } = await db.transaction(async (tx) => {
        const repository = messageRepository(tx);
        const message = await repository.lockSentBy(seqMessage, caller.seqUser);
        const thread = message && (await repository.partiesOf(message.seqMedicalRelation));
        if (!message || !thread || !isCallersThread(caller, thread)) throw notFound();
        if (message.withdrawnAt) throw new BusinessFailure(FailedCode.MessageAlreadyWithdrawn);
        const at = now();
        if (at.getTime() - message.sentAt.getTime() > messageRules.withdrawSeconds * 1000)
          throw new BusinessFailure(FailedCode.WithdrawTooLate);
        const withdrawn = await repository.withdraw(seqMessage, at);
        await recordAudit(tx, caller, context, at, [relationEntry('update', 'message', thread, seqMessage)]);
        return { row: withdrawn, parties: thread };
      });
      await delivery.changed(parties, 'withdrawn');
      return toMessageItem(row, [], caller.side);
    },

    async upload(caller, { seqMedicalRelation, read, fileName }, context) {
      const parties = await threadOf(db, caller, seqMedicalRelation);
      await checkWritable(caller, parties);
      if ((await messageRepository(db).countUnsent(seqMedicalRelation, caller.seqUser)) >= messageRules.unsentMax)
        throw new BusinessFailure(FailedCode.TooManyUnsentAttachments);
      const sent = await read();
      const contentType = await attachmentTypeOf(sent);
      const bytes = contentType === 'application/pdf' ? sent : await storedImageOf(sent, contentType);
      const thumbnail = contentType === 'application/pdf' ? undefined : await thumbnailOf(bytes);
      const at = now();
      const owner = { seqManager: caller.side === 'clinician' ? caller.seqManager : null, seqUser: caller.seqUser };
      const row: AttachmentRow = {
        uploadId: randomUUID(),
        seqMedicalRelation,
        seqMessage: null,
        fileName: cleanFileName(fileName, contentType),
        contentType,
        byteSize: bytes.length,
        storageKey: '',
        seqUser: caller.seqUser,
        thumbnailUploadId: thumbnail ? randomUUID() : null,
        thumbnailStorageKey: null,
        withdrawnAt: null,
      };
      // The bytes are stored before their rows: when the transaction fails after, they go again.
      const storedKeys: string[] = [];
      await db
        .transaction(async (tx) => {
          const files = { db: tx, storage };
          const common = { ...owner, folder: 'message' as const, createdAt: at };
          storedKeys.push(
            await keepUpload(files, { ...common, id: row.uploadId, contentType, byteSize: bytes.length }, bytes),
          );
          if (thumbnail && row.thumbnailUploadId)
            storedKeys.push(
              await keepUpload(
                files,
                { ...common, id: row.thumbnailUploadId, contentType: 'image/jpeg', byteSize: thumbnail.length },
                thumbnail,
              ),
            );
          await messageRepository(tx).insertAttachment({
            uploadId: row.uploadId,
            seqMedicalRelation,
            fileName: row.fileName,
            thumbnailUploadId: row.thumbnailUploadId,
          });
          await recordAudit(tx, caller, context, at, [
            relationEntry('create', 'message_attachment', parties, row.uploadId),
          ]);
        })
        .catch(async (error: unknown) => {
          await Promise.allSettled(storedKeys.map((key) => storage.remove(key)));
          throw error;
        });
      return toAttachment(row);
    },

    /**
     * A file of a message, to the two people of its thread; before it is sent, to its uploader only;
     * once its message is withdrawn, to no one. Anyone else is told it does not exist.
     */
    async readAttachment(caller, uploadId, thumbnail, context) {
      const repository = messageRepository(db);
      const row = await repository.findAttachment(uploadId);
      const parties = row && (await repository.partiesOf(row.seqMedicalRelation));
      const visible =
        row &&
        parties &&
        isCallersThread(caller, parties) &&
        (row.seqMessage === null ? row.seqUser === caller.seqUser : row.withdrawnAt === null);
      const key = thumbnail ? row?.thumbnailStorageKey : row?.storageKey;
      const bytes = visible && key ? await storage.get(key) : undefined;
      if (!row || !parties || !bytes) throw notFound();
      await recordAudit(db, caller, context, now(), [relationEntry('read', 'message_attachment', parties, uploadId)]);
      return { bytes, contentType: thumbnail ? 'image/jpeg' : row.contentType, fileName: row.fileName };
    },
  };
}
