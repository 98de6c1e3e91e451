import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  gte,
  inArray,
  isNull,
  lt,
  lte,
  max,
  min,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import {
  appUser,
  manager,
  medicalRelation,
  message,
  messageAttachment,
  messageAwaySetting,
  messageTemplate,
  messageThread,
  patient,
  upload,
} from '../../db/schema.ts';
import { relationOwnedBy } from '../shared/index.ts';

export type MessageRow = typeof message.$inferSelect;
export type NewMessage = typeof message.$inferInsert;
export type TemplateRow = typeof messageTemplate.$inferSelect;
export type AwaySettingRow = typeof messageAwaySetting.$inferSelect;
export type Side = MessageRow['senderRole'];

/** A relation with the two people of its thread, as sending and delivering need them. */
export interface ThreadParties {
  seqMedicalRelation: number;
  seqManager: number;
  seqPatient: number;
  isEnabled: boolean;
  patientName: string;
  managerFirstName: string;
  managerLastName: string;
  clinicianUser: number;
  /** Null when the patient does not use the app. */
  patientUser: number | null;
  patientEmail: string | null;
  patientLanguage: string | null;
}

/** Whose threads: a clinician's (with their patients) or a patient's (with their clinicians). */
export type ThreadOwner = { seqManager: number } | { seqPatient: number };

/** What sending to a thread reads before it writes. */
export interface SendTarget extends ThreadParties {
  /** Whether the thread's row exists: it is made with the first message. */
  hasThread: boolean;
  /** Whether the clinician has set up automatic replies. */
  hasAway: boolean;
  /** Whether the sender already used this idempotency key (in any thread). */
  keyUsed: boolean;
}

/** A file of a message, with what its reply and its download need. */
export interface AttachmentRow {
  uploadId: string;
  seqMedicalRelation: number;
  seqMessage: number | null;
  fileName: string;
  contentType: string;
  byteSize: number;
  storageKey: string;
  /** Who uploaded it. */
  seqUser: number;
  thumbnailUploadId: string | null;
  thumbnailStorageKey: string | null;
  /** Set when its message was withdrawn. */
  withdrawnAt: Date | null;
}

/** A thread as an inbox lists it: the relation, its last message and its unread count for the reader. */
export interface ThreadRow {
  parties: ThreadParties;
  lastMessage: MessageRow | undefined;
  hasAttachments: boolean;
  unreadCount: number;
}

const thumbnail = sql<
  string | null
>`(select ${upload.storageKey} from ${upload} where ${upload.id} = ${messageAttachment.thumbnailUploadId})`;

const partyColumns = {
  seqMedicalRelation: medicalRelation.seqMedicalRelation,
  seqManager: medicalRelation.seqManager,
  seqPatient: medicalRelation.seqPatient,
  isEnabled: medicalRelation.isEnabled,
  patientName: medicalRelation.patientName,
  managerFirstName: manager.firstName,
  managerLastName: manager.lastName,
  clinicianUser: manager.seqUser,
  // A deleted account is no app member: nobody could read the thread.
  patientUser: appUser.seqUser,
  patientEmail: appUser.userEmail,
  patientLanguage: appUser.language,
};

const other = (side: Side): Side => (side === 'clinician' ? 'patient' : 'clinician');
/** Messages the reader has yet to read: the other side's, neither read nor withdrawn. */
const unreadBy = (reader: Side) =>
  and(eq(message.senderRole, other(reader)), isNull(message.readAt), isNull(message.withdrawnAt));

/** A relation with the two people of its thread, and `more`. */
const partiesWith = <More extends SelectedFields>(db: Database, more: More) =>
  db
    .select({ ...partyColumns, ...more })
    .from(medicalRelation)
    .innerJoin(manager, eq(manager.seqManager, medicalRelation.seqManager))
    .innerJoin(patient, eq(patient.seqPatient, medicalRelation.seqPatient))
    .leftJoin(appUser, and(eq(appUser.seqUser, patient.seqUser), isNull(appUser.deletedAt)));

/**
 * The statement of `sendTarget` for one side's threads, built once per database: sending runs it
 * every time, and building it costs more than running it.
 */
function sendTargetQuery(db: Database, side: Side) {
  return (
    partiesWith(db, {
      hasThread: exists(
        db
          .select({ seqMedicalRelation: messageThread.seqMedicalRelation })
          .from(messageThread)
          .where(eq(messageThread.seqMedicalRelation, medicalRelation.seqMedicalRelation)),
      ).mapWith(Boolean),
      hasAway: exists(
        db
          .select({ seqManager: messageAwaySetting.seqManager })
          .from(messageAwaySetting)
          .where(eq(messageAwaySetting.seqManager, medicalRelation.seqManager)),
      ).mapWith(Boolean),
      keyUsed: exists(
        db
          .select({ seqMessage: message.seqMessage })
          .from(message)
          .where(
            and(
              eq(message.seqUser, sql.placeholder('seqUser')),
              eq(message.idempotencyKey, sql.placeholder('idempotencyKey')),
            ),
          ),
      ).mapWith(Boolean),
    })
      .where(
        and(
          eq(medicalRelation.seqMedicalRelation, sql.placeholder('seqMedicalRelation')),
          eq(side === 'clinician' ? medicalRelation.seqManager : medicalRelation.seqPatient, sql.placeholder('owner')),
        ),
      )
      // Unnamed, so PostgreSQL plans it each time: PgBouncer in transaction pooling keeps no named statements.
      .prepare('')
  );
}
const sendTargetQueries = new WeakMap<Database, Record<Side, ReturnType<typeof sendTargetQuery>>>();

export interface MessageRepository {
  partiesOf(seqMedicalRelation: number): Promise<ThreadParties | undefined>;
  /** The relation when it is the owner's thread; anyone else's reads as absent. */
  partiesOwnedBy(seqMedicalRelation: number, owner: ThreadOwner): Promise<ThreadParties | undefined>;
  /** The owner's thread with what sending checks, in one statement; anyone else's reads as absent. */
  sendTarget(
    seqMedicalRelation: number,
    owner: ThreadOwner,
    sender: { seqUser: number; idempotencyKey: string },
  ): Promise<SendTarget | undefined>;
  /** Makes the relation's thread unless it has one (before its first message). */
  makeThread(seqMedicalRelation: number): Promise<void>;
  lockThread(seqMedicalRelation: number): Promise<typeof messageThread.$inferSelect>;
  setAutoReplyPeriod(seqMedicalRelation: number, period: string): Promise<void>;
  claimNotification(seqMedicalRelation: number, reader: Side, at: Date, windowMs: number): Promise<boolean>;
  /**
   * Adds a message and, in the same statement, its audit entry (given the added row); adds
   * neither, and answers undefined, when the sender already used the key.
   */
  addMessage(row: NewMessage, audit: (added: { from: SQL; seqMessage: SQL }) => SQL): Promise<MessageRow | undefined>;
  findByKey(seqUser: number, idempotencyKey: string): Promise<MessageRow | undefined>;
  lockSentBy(seqMessage: number, seqUser: number): Promise<MessageRow | undefined>;
  withdraw(seqMessage: number, at: Date): Promise<MessageRow>;
  markRead(seqMedicalRelation: number, reader: Side, at: Date): Promise<number>;
  countUnsent(seqMedicalRelation: number, seqUser: number): Promise<number>;
  purgeUnsent(uploadedBefore: Date): Promise<string[]>;
  pageOf(seqMedicalRelation: number, before: number | undefined, size: number): Promise<MessageRow[]>;
  attachmentsOfMessages(seqMessages: number[]): Promise<AttachmentRow[]>;
  findAttachment(uploadId: string): Promise<AttachmentRow | undefined>;
  insertAttachment(row: typeof messageAttachment.$inferInsert): Promise<void>;
  bindAttachments(
    uploadIds: string[],
    seqMessage: number,
    seqMedicalRelation: number,
    seqUser: number,
  ): Promise<number>;
  threadOf(reader: Side, relation: ThreadParties): Promise<ThreadRow>;
  clinicianThreads(
    seqManager: number,
    offset: number,
    limit: number,
  ): Promise<{ rows: ThreadRow[]; totalCount: number }>;
  patientThreads(seqPatient: number): Promise<ThreadRow[]>;
  unreadCounts(reader: Side, seqOwner: number): Promise<{ seqMedicalRelation: number; unreadCount: number }[]>;
  listTemplates(seqManager: number): Promise<TemplateRow[]>;
  insertTemplate(row: typeof messageTemplate.$inferInsert): Promise<TemplateRow>;
  updateTemplate(
    seqMessageTemplate: number,
    seqManager: number,
    changes: Pick<TemplateRow, 'title' | 'body' | 'updatedAt'>,
  ): Promise<TemplateRow | undefined>;
  removeTemplate(seqMessageTemplate: number, seqManager: number): Promise<boolean>;
  findAwaySetting(seqManager: number): Promise<AwaySettingRow | undefined>;
  saveAwaySetting(row: AwaySettingRow): Promise<AwaySettingRow>;
  /** The thread's days (`YYYY-MM-DD` in the time zone) with their count and first and last message, in one grouped query. */
  messageDays(
    seqMedicalRelation: number,
    timeZone: string,
  ): Promise<{ day: string; count: number; firstAt: Date; lastAt: Date }[]>;
  /** The thread's messages sent from `from` up to before `to`, oldest first. */
  messagesBetween(seqMedicalRelation: number, from: Date, to: Date): Promise<MessageRow[]>;
}

/** The only code that reads and writes the messages' tables. */
export function messageRepository(db: Database): MessageRepository {
  const parties = () => partiesWith(db, {});
  const ownedBy = (seqMedicalRelation: number, owner: ThreadOwner): SQL | undefined =>
    'seqManager' in owner
      ? relationOwnedBy(seqMedicalRelation, owner.seqManager)
      : and(
          eq(medicalRelation.seqMedicalRelation, seqMedicalRelation),
          eq(medicalRelation.seqPatient, owner.seqPatient),
        );

  const attachmentsWhere = (condition: ReturnType<typeof and>) =>
    db
      .select({
        uploadId: messageAttachment.uploadId,
        seqMedicalRelation: messageAttachment.seqMedicalRelation,
        seqMessage: messageAttachment.seqMessage,
        fileName: messageAttachment.fileName,
        contentType: upload.contentType,
        byteSize: upload.byteSize,
        storageKey: upload.storageKey,
        seqUser: upload.seqUser,
        thumbnailUploadId: messageAttachment.thumbnailUploadId,
        thumbnailStorageKey: thumbnail,
        withdrawnAt: message.withdrawnAt,
      })
      .from(messageAttachment)
      .innerJoin(upload, eq(upload.id, messageAttachment.uploadId))
      .leftJoin(message, eq(message.seqMessage, messageAttachment.seqMessage))
      .where(condition)
      .orderBy(asc(messageAttachment.seqMessage), asc(messageAttachment.position));

  /** The threads of the relations `where` picks, with the reader's unread counts. */
  async function threadsOf(reader: Side, relations: ThreadParties[]): Promise<ThreadRow[]> {
    const ids = relations.map((relation) => relation.seqMedicalRelation);
    if (ids.length === 0) return [];
    const lastIds = db
      .select({ seqMessage: sql<number>`max(${message.seqMessage})`.as('seq_message') })
      .from(message)
      .where(inArray(message.seqMedicalRelation, ids))
      .groupBy(message.seqMedicalRelation);
    const [lasts, unread] = await Promise.all([
      db
        .select({
          message,
          // A subquery of its own: in a select from one table, Drizzle writes the columns of a bare
          // sql expression without their tables, and both tables have a seq_message.
          hasAttachments: exists(
            db
              .select({ seqMessage: messageAttachment.seqMessage })
              .from(messageAttachment)
              .where(eq(messageAttachment.seqMessage, message.seqMessage)),
          ).mapWith(Boolean),
        })
        .from(message)
        .where(inArray(message.seqMessage, lastIds)),
      db
        .select({ seqMedicalRelation: message.seqMedicalRelation, unread: count() })
        .from(message)
        .where(and(inArray(message.seqMedicalRelation, ids), unreadBy(reader)))
        .groupBy(message.seqMedicalRelation),
    ]);
    const lastOf = new Map(lasts.map((row) => [row.message.seqMedicalRelation, row]));
    const unreadOf = new Map(unread.map((row) => [row.seqMedicalRelation, row.unread]));
    return relations.map((relation) => {
      const last = lastOf.get(relation.seqMedicalRelation);
      return {
        parties: relation,
        lastMessage: last?.message,
        hasAttachments: last?.hasAttachments ?? false,
        unreadCount: unreadOf.get(relation.seqMedicalRelation) ?? 0,
      };
    });
  }

  return {
    async partiesOf(seqMedicalRelation: number): Promise<ThreadParties | undefined> {
      const [row] = await parties().where(eq(medicalRelation.seqMedicalRelation, seqMedicalRelation));
      return row;
    },

    async partiesOwnedBy(seqMedicalRelation: number, owner: ThreadOwner): Promise<ThreadParties | undefined> {
      const [row] = await parties().where(ownedBy(seqMedicalRelation, owner));
      return row;
    },

    async sendTarget(seqMedicalRelation, owner, { seqUser, idempotencyKey }) {
      let queries = sendTargetQueries.get(db);
      if (!queries)
        sendTargetQueries.set(
          db,
          (queries = { clinician: sendTargetQuery(db, 'clinician'), patient: sendTargetQuery(db, 'patient') }),
        );
      const [row] = await queries['seqManager' in owner ? 'clinician' : 'patient'].execute({
        seqMedicalRelation,
        owner: 'seqManager' in owner ? owner.seqManager : owner.seqPatient,
        seqUser,
        idempotencyKey,
      });
      return row;
    },

    async makeThread(seqMedicalRelation: number): Promise<void> {
      await db.insert(messageThread).values({ seqMedicalRelation }).onConflictDoNothing();
    },

    /** Holds the relation's thread, made with its first message, until the transaction ends. */
    async lockThread(seqMedicalRelation: number): Promise<typeof messageThread.$inferSelect> {
      const [row] = await db
        .select()
        .from(messageThread)
        .where(eq(messageThread.seqMedicalRelation, seqMedicalRelation))
        .for('update');
      return row!;
    },

    async setAutoReplyPeriod(seqMedicalRelation: number, period: string): Promise<void> {
      await db
        .update(messageThread)
        .set({ autoReplyPeriod: period })
        .where(eq(messageThread.seqMedicalRelation, seqMedicalRelation));
    },

    /**
     * Records that the reader is being told of new messages now, unless they were within the last
     * `windowMs`: true when this call may tell them. One statement, so two instances never both do.
     */
    async claimNotification(seqMedicalRelation: number, reader: Side, at: Date, windowMs: number): Promise<boolean> {
      const column = reader === 'clinician' ? messageThread.clinicianNotifiedAt : messageThread.patientNotifiedAt;
      const key = reader === 'clinician' ? 'clinicianNotifiedAt' : 'patientNotifiedAt';
      const claimed = await db
        .update(messageThread)
        .set({ [key]: at })
        .where(
          and(
            eq(messageThread.seqMedicalRelation, seqMedicalRelation),
            or(isNull(column), lte(column, new Date(at.getTime() - windowMs))),
          ),
        )
        .returning({ seqMedicalRelation: messageThread.seqMedicalRelation });
      return claimed.length > 0;
    },

    async addMessage(row, audit) {
      const added = db.$with('added').as(db.insert(message).values(row).onConflictDoNothing().returning());
      const entry = db.$with('entry', {}).as(audit({ from: sql`added`, seqMessage: sql`added.seq_message::text` }));
      const [inserted] = await db.with(added, entry).select().from(added);
      return inserted;
    },

    async findByKey(seqUser: number, idempotencyKey: string): Promise<MessageRow | undefined> {
      const [row] = await db
        .select()
        .from(message)
        .where(and(eq(message.seqUser, seqUser), eq(message.idempotencyKey, idempotencyKey)));
      return row;
    },

    /** The message when the user sent it; anyone else's reads as absent. Held until the transaction ends. */
    async lockSentBy(seqMessage: number, seqUser: number): Promise<MessageRow | undefined> {
      const [row] = await db
        .select()
        .from(message)
        .where(and(eq(message.seqMessage, seqMessage), eq(message.seqUser, seqUser), isNull(message.automatic)))
        .for('update');
      return row;
    },

    async withdraw(seqMessage: number, at: Date): Promise<MessageRow> {
      const [row] = await db
        .update(message)
        .set({ withdrawnAt: at })
        .where(eq(message.seqMessage, seqMessage))
        .returning();
      return row!;
    },

    /**
     * Marks the other side's messages read by `reader` (withdrawn ones stay unmarked); answers how
     * many were unread. The reader has seen the thread, so the next message tells them again at once.
     */
    async markRead(seqMedicalRelation: number, reader: Side, at: Date): Promise<number> {
      const read = await db
        .update(message)
        .set({ readAt: at })
        .where(and(eq(message.seqMedicalRelation, seqMedicalRelation), unreadBy(reader)))
        .returning({ seqMessage: message.seqMessage });
      await db
        .update(messageThread)
        .set(reader === 'clinician' ? { clinicianNotifiedAt: null } : { patientNotifiedAt: null })
        .where(eq(messageThread.seqMedicalRelation, seqMedicalRelation));
      return read.length;
    },

    /**
     * Deletes the rows of files uploaded before `uploadedBefore` and never sent, and of their
     * thumbnails; answers the storage keys of their bytes. A file bound to a message meanwhile stays.
     */
    async purgeUnsent(uploadedBefore: Date): Promise<string[]> {
      const removed = await db
        .delete(messageAttachment)
        .where(
          and(
            isNull(messageAttachment.seqMessage),
            sql`${messageAttachment.uploadId} in (select ${upload.id} from ${upload} where ${upload.createdAt} < ${uploadedBefore})`,
          ),
        )
        .returning({ uploadId: messageAttachment.uploadId, thumbnailUploadId: messageAttachment.thumbnailUploadId });
      const ids = removed.flatMap((row) =>
        row.thumbnailUploadId ? [row.uploadId, row.thumbnailUploadId] : [row.uploadId],
      );
      if (ids.length === 0) return [];
      const uploads = await db
        .delete(upload)
        .where(inArray(upload.id, ids))
        .returning({ storageKey: upload.storageKey });
      return uploads.map((row) => row.storageKey);
    },

    /** The files the user uploaded to the thread and has not sent yet. */
    async countUnsent(seqMedicalRelation: number, seqUser: number): Promise<number> {
      const [row] = await db
        .select({ unsent: count() })
        .from(messageAttachment)
        .innerJoin(upload, eq(upload.id, messageAttachment.uploadId))
        .where(
          and(
            eq(messageAttachment.seqMedicalRelation, seqMedicalRelation),
            isNull(messageAttachment.seqMessage),
            eq(upload.seqUser, seqUser),
          ),
        );
      return row?.unsent ?? 0;
    },

    /** A page of the thread, newest first, one more than asked when there are older ones. */
    async pageOf(seqMedicalRelation: number, before: number | undefined, size: number): Promise<MessageRow[]> {
      return db
        .select()
        .from(message)
        .where(
          and(
            eq(message.seqMedicalRelation, seqMedicalRelation),
            before === undefined ? undefined : lt(message.seqMessage, before),
          ),
        )
        .orderBy(desc(message.seqMessage))
        .limit(size + 1);
    },

    async attachmentsOfMessages(seqMessages: number[]): Promise<AttachmentRow[]> {
      if (seqMessages.length === 0) return [];
      return attachmentsWhere(inArray(messageAttachment.seqMessage, seqMessages));
    },

    async findAttachment(uploadId: string): Promise<AttachmentRow | undefined> {
      const [row] = await attachmentsWhere(eq(messageAttachment.uploadId, uploadId));
      return row;
    },

    async insertAttachment(row: typeof messageAttachment.$inferInsert): Promise<void> {
      await db.insert(messageAttachment).values(row);
    },

    /**
     * Binds files the sender uploaded to this thread, and sent with no message yet, to the message
     * in their order; answers how many it bound (fewer than given: one was not theirs to send).
     */
    async bindAttachments(
      uploadIds: string[],
      seqMessage: number,
      seqMedicalRelation: number,
      seqUser: number,
    ): Promise<number> {
      let bound = 0;
      for (const [position, uploadId] of uploadIds.entries()) {
        const rows = await db
          .update(messageAttachment)
          .set({ seqMessage, position })
          .where(
            and(
              eq(messageAttachment.uploadId, uploadId),
              eq(messageAttachment.seqMedicalRelation, seqMedicalRelation),
              isNull(messageAttachment.seqMessage),
              sql`exists (select 1 from ${upload} where ${upload.id} = ${messageAttachment.uploadId} and ${upload.seqUser} = ${seqUser})`,
            ),
          )
          .returning({ uploadId: messageAttachment.uploadId });
        bound += rows.length;
      }
      return bound;
    },

    /** One thread as its reader's inbox lists it. */
    async threadOf(reader: Side, relation: ThreadParties): Promise<ThreadRow> {
      const [row] = await threadsOf(reader, [relation]);
      return row!;
    },

    /** The clinician's threads that hold a message, newest message first, a page at a time. */
    async clinicianThreads(
      seqManager: number,
      offset: number,
      limit: number,
    ): Promise<{ rows: ThreadRow[]; totalCount: number }> {
      const mine = and(
        eq(medicalRelation.seqManager, seqManager),
        sql`exists (select 1 from ${messageThread} where ${messageThread.seqMedicalRelation} = ${medicalRelation.seqMedicalRelation})`,
      );
      const lastSent = sql`(select max(${message.seqMessage}) from ${message} where ${message.seqMedicalRelation} = ${medicalRelation.seqMedicalRelation})`;
      const [relations, [total]] = await Promise.all([
        parties()
          .where(mine)
          .orderBy(sql`${lastSent} desc nulls last`, desc(medicalRelation.seqMedicalRelation))
          .offset(offset)
          .limit(limit),
        db.select({ totalCount: count() }).from(medicalRelation).where(mine),
      ]);
      return { rows: await threadsOf('clinician', relations), totalCount: total?.totalCount ?? 0 };
    },

    /** Every relation of the patient (one thread per clinician), newest message first. */
    async patientThreads(seqPatient: number): Promise<ThreadRow[]> {
      const relations = await parties()
        .where(eq(medicalRelation.seqPatient, seqPatient))
        .orderBy(asc(medicalRelation.seqMedicalRelation));
      const rows = await threadsOf('patient', relations);
      const newest = (row: ThreadRow): number => row.lastMessage?.seqMessage ?? 0;
      return rows.sort((a, b) => newest(b) - newest(a));
    },

    /** Unread messages per relation of the reader's (the clinician's, or the patient's). */
    async unreadCounts(reader: Side, seqOwner: number): Promise<{ seqMedicalRelation: number; unreadCount: number }[]> {
      const owner = reader === 'clinician' ? medicalRelation.seqManager : medicalRelation.seqPatient;
      return db
        .select({ seqMedicalRelation: message.seqMedicalRelation, unreadCount: count() })
        .from(message)
        .innerJoin(medicalRelation, eq(medicalRelation.seqMedicalRelation, message.seqMedicalRelation))
        .where(and(eq(owner, seqOwner), unreadBy(reader)))
        .groupBy(message.seqMedicalRelation)
        .orderBy(asc(message.seqMedicalRelation));
    },

    async listTemplates(seqManager: number): Promise<TemplateRow[]> {
      return db
        .select()
        .from(messageTemplate)
        .where(eq(messageTemplate.seqManager, seqManager))
        .orderBy(asc(messageTemplate.title), asc(messageTemplate.seqMessageTemplate));
    },

    async insertTemplate(row: typeof messageTemplate.$inferInsert): Promise<TemplateRow> {
      const [inserted] = await db.insert(messageTemplate).values(row).returning();
      return inserted!;
    },

    /** Changes the clinician's template; undefined when it is not theirs. */
    async updateTemplate(
      seqMessageTemplate: number,
      seqManager: number,
      changes: Pick<TemplateRow, 'title' | 'body' | 'updatedAt'>,
    ): Promise<TemplateRow | undefined> {
      const [row] = await db
        .update(messageTemplate)
        .set(changes)
        .where(
          and(eq(messageTemplate.seqMessageTemplate, seqMessageTemplate), eq(messageTemplate.seqManager, seqManager)),
        )
        .returning();
      return row;
    },

    async removeTemplate(seqMessageTemplate: number, seqManager: number): Promise<boolean> {
      const removed = await db
        .delete(messageTemplate)
        .where(
          and(eq(messageTemplate.seqMessageTemplate, seqMessageTemplate), eq(messageTemplate.seqManager, seqManager)),
        )
        .returning({ seqMessageTemplate: messageTemplate.seqMessageTemplate });
      return removed.length > 0;
    },

    async findAwaySetting(seqManager: number): Promise<AwaySettingRow | undefined> {
      const [row] = await db.select().from(messageAwaySetting).where(eq(messageAwaySetting.seqManager, seqManager));
      return row;
    },

    async saveAwaySetting(row: AwaySettingRow): Promise<AwaySettingRow> {
      const { seqManager: _key, ...changes } = row;
      const [saved] = await db
        .insert(messageAwaySetting)
        .values(row)
        .onConflictDoUpdate({ target: messageAwaySetting.seqManager, set: changes })
        .returning();
      return saved!;
    },

    async messageDays(seqMedicalRelation, timeZone) {
      const rows = await db
        .select({
          day: sql<string>`to_char(${message.sentAt} at time zone ${timeZone}, 'YYYY-MM-DD')`,
          count: count(),
          firstAt: min(message.sentAt),
          lastAt: max(message.sentAt),
        })
        .from(message)
        .where(eq(message.seqMedicalRelation, seqMedicalRelation))
        // By position: the day's expression holds the zone as a parameter, which GROUP BY cannot repeat.
        .groupBy(sql`1`);
      return rows.map((row) => ({ day: row.day, count: row.count, firstAt: row.firstAt!, lastAt: row.lastAt! }));
    },

    async messagesBetween(seqMedicalRelation, from, to) {
      return db
        .select()
        .from(message)
        .where(
          and(eq(message.seqMedicalRelation, seqMedicalRelation), gte(message.sentAt, from), lt(message.sentAt, to)),
        )
        .orderBy(asc(message.seqMessage));
    },
  };
}
