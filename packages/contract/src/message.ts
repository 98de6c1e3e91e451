import { z } from 'zod';
import { defineEndpoint, emptyRequest, reply, success } from './endpoint.ts';
import { FailedCode } from './errors.ts';
import { languages, type Language } from './rules.ts';
import { dateField, idField, pageField } from './validation.ts';

/** Secure messages between a clinician and their patient (docs/decisions/0016-messages.md). */
export const messageRules = {
  textMax: 4000,
  attachmentsMax: 5,
  attachmentMaxBytes: 10 * 1024 * 1024,
  /** How long after sending its sender may withdraw a message. */
  withdrawSeconds: 5 * 60,
  /** Messages to one reader within this long after a push or mail make no second one. */
  notifySeconds: 5 * 60,
  /** Messages one sender may send in a minute. */
  perMinute: 30,
  pageSizeDefault: 30,
  pageSizeMax: 100,
  previewMax: 140,
  templateTitleMax: 100,
  awayTextMax: 1000,
  fileNameMax: 200,
  /** Files one sender may have uploaded to a thread and not sent yet. */
  unsentMax: 5,
} as const;

/** What a message may carry, told by the file's bytes, never by its name. */
export const attachmentTypes = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export type AttachmentType = (typeof attachmentTypes)[number];

/** Where a message's file is served, to the two people of its thread only. */
export const messageAttachmentPathOf = (uploadId: string, thumbnail = false): string =>
  `/api/message/attachment/${uploadId}${thumbnail ? '?thumbnail=1' : ''}`;

/** The variables a reply template may hold, each filled when the message is sent. */
export const templateVariables = ['patientFirstName', 'nextVisit', 'clinicianName'] as const;
export type TemplateVariable = (typeof templateVariables)[number];

/** The failure of a message naming a variable the patient has no value for. */
export const templateVariableMissing: Record<TemplateVariable, FailedCode> = {
  patientFirstName: FailedCode.TemplateNeedsPatientFirstName,
  nextVisit: FailedCode.TemplateNeedsNextVisit,
  clinicianName: FailedCode.TemplateNeedsClinicianName,
};

const variablePattern = new RegExp(`\\{(${templateVariables.join('|')})\\}`, 'g');

/**
 * A text with its variables filled, or the first variable (in the text's order) that has no value:
 * a message is never sent with a blank in place of one. Braces around any other word stay as typed.
 */
export function fillTemplate(
  text: string,
  values: Partial<Record<TemplateVariable, string>>,
): { text: string } | { missing: TemplateVariable } {
  for (const [, name] of text.matchAll(variablePattern)) {
    const variable = name as TemplateVariable;
    if (!values[variable]?.trim()) return { missing: variable };
  }
  return { text: text.replace(variablePattern, (_match, name: string) => values[name as TemplateVariable]!.trim()) };
}

/** Plain text only: no control characters but tabs and line breaks (a client never renders it as HTML). */
const controlCharacters = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

const messageTextField = z.lazy(() =>
  z
    .string({ error: 'validation.required' })
    .max(messageRules.textMax, { error: 'validation.message_too_long' })
    .refine((text) => !controlCharacters.test(text), { error: 'validation.plain_text' }),
);

/** A multipart text field holding a relation's id. */
const multipartIdField = z.lazy(() =>
  z.coerce
    .number({ error: 'validation.required' })
    .int({ error: 'validation.invalid' })
    .positive({ error: 'validation.invalid' })
    .max(2_147_483_647, { error: 'validation.invalid' }),
);

export const messageAttachment = z.lazy(() =>
  z.object({
    id: z.uuid(),
    fileName: z.string(),
    contentType: z.enum(attachmentTypes),
    byteSize: z.number().int(),
    /** GET: the file, to the two people of the thread. */
    url: z.string(),
    /** GET: a small JPEG of an image; null for a PDF. */
    thumbnailUrl: z.string().nullable(),
  }),
);
export type MessageAttachment = z.infer<typeof messageAttachment>;

export const messageItem = z.lazy(() =>
  z.object({
    seqMessage: z.number().int(),
    seqMedicalRelation: z.number().int(),
    senderRole: z.enum(['clinician', 'patient']),
    /** The reader sent it. */
    mine: z.boolean(),
    /** Null once withdrawn: a withdrawn message shows as withdrawn, without its text or files. */
    text: z.string().nullable(),
    /** The clinician's automatic reply out of open hours or on vacation; null for a message someone wrote. */
    automatic: z.enum(['afterHours', 'vacation']).nullable(),
    /** With an automatic reply: when the clinician's open hours next begin (null when none are set). */
    nextOpenAt: z.string().nullable(),
    attachments: z.array(messageAttachment),
    sentAt: z.string(),
    /** When the other side first opened the thread after it arrived ("Read 14:02"). */
    readAt: z.string().nullable(),
    withdrawnAt: z.string().nullable(),
  }),
);
export type MessageItem = z.infer<typeof messageItem>;

/** A message as a printed report lists it: a withdrawn one shows as withdrawn, without its text or files. */
export const reportMessage = z.lazy(() =>
  z.object({
    senderRole: z.enum(['clinician', 'patient']),
    automatic: z.enum(['afterHours', 'vacation']).nullable(),
    sentAt: z.string(),
    text: z.string().nullable(),
    attachmentNames: z.array(z.string()),
    withdrawnAt: z.string().nullable(),
  }),
);
export type ReportMessage = z.infer<typeof reportMessage>;

/** One thread as an inbox lists it. */
export const messageThreadSummary = z.lazy(() =>
  z.object({
    seqMedicalRelation: z.number().int(),
    patientName: z.string(),
    managerName: z.string(),
    /** False once the relation is deactivated: the thread stays readable, closed to new messages. */
    isOpen: z.boolean(),
    lastMessage: z
      .object({
        senderRole: z.enum(['clinician', 'patient']),
        /** The start of its text; null when it was withdrawn. */
        preview: z.string().nullable(),
        hasAttachments: z.boolean(),
        sentAt: z.string(),
      })
      .nullable(),
    /** Messages from the other side not yet read. */
    unreadCount: z.number().int(),
  }),
);
export type MessageThreadSummary = z.infer<typeof messageThreadSummary>;

const listMessagesRequest = z.lazy(() =>
  z.object({
    seqMedicalRelation: idField,
    /** Paging back: the messages sent before this one. Absent: the newest page, which marks the thread read. */
    beforeSeqMessage: idField.optional(),
    size: z
      .number({ error: 'validation.integer' })
      .int({ error: 'validation.integer' })
      .min(1, { error: 'validation.out_of_range' })
      .max(messageRules.pageSizeMax, { error: 'validation.out_of_range' })
      .default(messageRules.pageSizeDefault),
  }),
);

const listMessagesReply = () =>
  success({
    thread: messageThreadSummary,
    /** Oldest first. */
    messageList: z.array(messageItem),
    /** Whether older messages remain (ask again with the first one's seqMessage). */
    hasOlder: z.boolean(),
  });

const sendMessageRequest = z.lazy(() =>
  z
    .object({
      seqMedicalRelation: idField,
      /** Chosen by the app when the message is written, so that one sent twice is kept once. */
      idempotencyKey: z.uuid({ error: 'validation.invalid' }),
      text: messageTextField,
      /** Files uploaded to this thread beforehand, in their order. */
      attachmentIds: z
        .array(z.uuid({ error: 'validation.invalid' }))
        .max(messageRules.attachmentsMax, { error: 'validation.too_many_attachments' })
        .refine((ids) => new Set(ids).size === ids.length, { error: 'validation.invalid' })
        .default([]),
    })
    .refine((request) => request.text.trim() !== '' || request.attachmentIds.length > 0, {
      path: ['text'],
      error: 'validation.message_empty',
    }),
);

const uploadRequest = z.lazy(() => z.object({ seqMedicalRelation: multipartIdField }));
const fileRefusals = [
  FailedCode.UnsupportedAttachment,
  FailedCode.HeicNotSupported,
  FailedCode.TooManyUnsentAttachments,
  FailedCode.MessageThreadClosed,
] as const;

const withdrawRequest = z.lazy(() => z.object({ seqMessage: idField }));
const withdrawReply = () =>
  reply({ message: messageItem }, [FailedCode.WithdrawTooLate, FailedCode.MessageAlreadyWithdrawn]);

const attachmentSummary = `at most ${messageRules.attachmentsMax} files (PDF, JPEG, PNG, ${messageRules.attachmentMaxBytes / 1024 / 1024} MiB each)`;

// The clinician's side.

export const listMessageThreads = defineEndpoint({
  method: 'POST',
  path: '/message/listThreads',
  access: 'manager',
  audit: { action: 'read', entity: 'message_thread' },
  tag: 'message',
  summary: "The clinician's message threads with their unread counts, newest message first, a page at a time",
  get request() {
    return z.object({
      page: pageField,
      size: z.number().int().min(1).max(100).default(20),
    });
  },
  get reply() {
    return success({
      threadList: z.array(messageThreadSummary),
      totalCount: z.number().int(),
      /** Unread messages over every thread, for the menu's badge. */
      totalUnread: z.number().int(),
    });
  },
});

export const getUnreadMessageCount = defineEndpoint({
  method: 'POST',
  path: '/message/getUnreadCount',
  access: 'manager',
  audit: { action: 'read', entity: 'message_thread' },
  tag: 'message',
  summary: "The clinician's unread messages in total and per patient, for the badges",
  request: emptyRequest,
  get reply() {
    return success({
      totalUnread: z.number().int(),
      threadList: z.array(z.object({ seqMedicalRelation: z.number().int(), unreadCount: z.number().int() })),
    });
  },
});

export const listMessages = defineEndpoint({
  method: 'POST',
  path: '/message/listMessages',
  access: 'manager',
  audit: { action: 'read', entity: 'message' },
  tag: 'message',
  summary:
    "A page of the thread with one of the clinician's patients; the newest page marks the patient's messages read",
  get request() {
    return listMessagesRequest;
  },
  get reply() {
    return listMessagesReply();
  },
});

export const sendMessage = defineEndpoint({
  method: 'POST',
  path: '/message/sendMessage',
  access: 'manager',
  audit: { action: 'create', entity: 'message' },
  tag: 'message',
  summary: `Sends a message of at most ${messageRules.textMax} characters and ${attachmentSummary} to a patient; {patientFirstName}, {nextVisit} and {clinicianName} are filled in`,
  get request() {
    return sendMessageRequest;
  },
  get reply() {
    return reply({ message: messageItem }, [
      FailedCode.MessageThreadClosed,
      FailedCode.NotAppMember,
      FailedCode.TemplateNeedsPatientFirstName,
      FailedCode.TemplateNeedsNextVisit,
      FailedCode.TemplateNeedsClinicianName,
    ]);
  },
});

export const withdrawMessage = defineEndpoint({
  method: 'PUT',
  path: '/message/withdrawMessage',
  access: 'manager',
  audit: { action: 'update', entity: 'message' },
  tag: 'message',
  summary: `Withdraws a message the clinician sent, within ${messageRules.withdrawSeconds / 60} minutes of sending it`,
  get request() {
    return withdrawRequest;
  },
  get reply() {
    return withdrawReply();
  },
});

export const uploadMessageAttachment = defineEndpoint({
  method: 'POST',
  path: '/message/uploadAttachment',
  access: 'manager',
  audit: { action: 'create', entity: 'message_attachment' },
  tag: 'message',
  summary: `Uploads one file (PDF, JPEG or PNG, at most ${messageRules.attachmentMaxBytes / 1024 / 1024} MiB) to send in a patient's thread`,
  get request() {
    return uploadRequest;
  },
  multipart: true,
  maxFileBytes: messageRules.attachmentMaxBytes,
  get reply() {
    return reply({ attachment: messageAttachment }, [...fileRefusals, FailedCode.NotAppMember]);
  },
});

export const messageTemplate = z.lazy(() =>
  z.object({
    seqMessageTemplate: z.number().int(),
    title: z.string(),
    body: z.string(),
    updatedAt: z.string(),
  }),
);
export type MessageTemplate = z.infer<typeof messageTemplate>;

const templateFields = () => ({
  title: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(messageRules.templateTitleMax, { error: 'validation.too_long' }),
  body: messageTextField.refine((text) => text.trim() !== '', { error: 'validation.required' }),
});

export const listMessageTemplates = defineEndpoint({
  method: 'POST',
  path: '/message/listTemplates',
  access: 'manager',
  audit: false,
  tag: 'message',
  summary: "The clinician's reply templates, by title",
  request: emptyRequest,
  get reply() {
    return success({ templateList: z.array(messageTemplate) });
  },
});

export const addMessageTemplate = defineEndpoint({
  method: 'POST',
  path: '/message/addTemplate',
  access: 'manager',
  audit: false,
  tag: 'message',
  summary: 'Adds a reply template; its text may hold {patientFirstName}, {nextVisit} and {clinicianName}',
  get request() {
    return z.object(templateFields());
  },
  get reply() {
    return success({ template: messageTemplate });
  },
});

export const updateMessageTemplate = defineEndpoint({
  method: 'PUT',
  path: '/message/updateTemplate',
  access: 'manager',
  audit: false,
  tag: 'message',
  summary: 'Changes one of the clinician’s reply templates',
  get request() {
    return z.object({ seqMessageTemplate: idField, ...templateFields() });
  },
  get reply() {
    return success({ template: messageTemplate });
  },
});

export const removeMessageTemplate = defineEndpoint({
  method: 'PUT',
  path: '/message/removeTemplate',
  access: 'manager',
  audit: false,
  tag: 'message',
  summary: 'Removes one of the clinician’s reply templates',
  get request() {
    return z.object({ seqMessageTemplate: idField });
  },
  get reply() {
    return success({});
  },
});

/** A text in each language the clinician wrote it in; a patient is answered in theirs, else in English, else in any. */
const awayTextsField = z.lazy(() =>
  z.partialRecord(
    z.enum(languages),
    z
      .string()
      .trim()
      .max(messageRules.awayTextMax, { error: 'validation.too_long' })
      .refine((text) => !controlCharacters.test(text), { error: 'validation.plain_text' }),
  ),
);
export type AwayTexts = Partial<Record<Language, string>>;

export const messageAwaySettings = z.lazy(() =>
  z.object({
    /** Sent once per closed period to a patient who writes outside the open hours; none when empty. */
    afterHoursTexts: awayTextsField,
    /** During the vacation (its first and last day, in `timeZone`), its text replaces the after-hours one. */
    vacation: z.object({ from: dateField, to: dateField, texts: awayTextsField }).nullable(),
    /** The clinician's time zone, saved with the settings. */
    timeZone: z.string(),
  }),
);
export type MessageAwaySettings = z.infer<typeof messageAwaySettings>;

export const getMessageAwaySettings = defineEndpoint({
  method: 'POST',
  path: '/message/getAwaySettings',
  access: 'manager',
  audit: false,
  tag: 'message',
  summary: 'The automatic replies to messages outside open hours and during a vacation',
  request: emptyRequest,
  get reply() {
    return success({ settings: messageAwaySettings });
  },
});

export const updateMessageAwaySettings = defineEndpoint({
  method: 'PUT',
  path: '/message/updateAwaySettings',
  access: 'manager',
  audit: false,
  tag: 'message',
  summary: "Sets the automatic replies' texts and the vacation, in the time zone of the request",
  get request() {
    return z.object({
      afterHoursTexts: awayTextsField,
      vacation: z
        .object({ from: dateField, to: dateField, texts: awayTextsField })
        .refine((vacation) => vacation.from <= vacation.to, { path: ['to'], error: 'validation.vacation_order' })
        .nullable(),
    });
  },
  get reply() {
    return success({ settings: messageAwaySettings });
  },
});

// The patient's side.

export const listMyMessageThreads = defineEndpoint({
  method: 'POST',
  path: '/patientApp/listMessageThreads',
  access: 'patient',
  audit: { action: 'read', entity: 'message_thread' },
  tag: 'patientApp',
  summary: "The patient's threads, one per clinician, with their unread counts, newest message first",
  request: emptyRequest,
  get reply() {
    return success({ threadList: z.array(messageThreadSummary), totalUnread: z.number().int() });
  },
});

export const listMyMessages = defineEndpoint({
  method: 'POST',
  path: '/patientApp/listMessages',
  access: 'patient',
  audit: { action: 'read', entity: 'message' },
  tag: 'patientApp',
  summary:
    "A page of the thread with one of the patient's clinicians; the newest page marks the clinician's messages read",
  get request() {
    return listMessagesRequest;
  },
  get reply() {
    return listMessagesReply();
  },
});

export const sendMyMessage = defineEndpoint({
  method: 'POST',
  path: '/patientApp/sendMessage',
  access: 'patient',
  audit: { action: 'create', entity: 'message' },
  tag: 'patientApp',
  summary: `Sends a message of at most ${messageRules.textMax} characters and ${attachmentSummary} to one of the patient's clinicians`,
  get request() {
    return sendMessageRequest;
  },
  get reply() {
    return reply({ message: messageItem }, [FailedCode.MessageThreadClosed]);
  },
});

export const withdrawMyMessage = defineEndpoint({
  method: 'PUT',
  path: '/patientApp/withdrawMessage',
  access: 'patient',
  audit: { action: 'update', entity: 'message' },
  tag: 'patientApp',
  summary: `Withdraws a message the patient sent, within ${messageRules.withdrawSeconds / 60} minutes of sending it`,
  get request() {
    return withdrawRequest;
  },
  get reply() {
    return withdrawReply();
  },
});

export const uploadMyMessageAttachment = defineEndpoint({
  method: 'POST',
  path: '/patientApp/uploadMessageAttachment',
  access: 'patient',
  audit: { action: 'create', entity: 'message_attachment' },
  tag: 'patientApp',
  summary: `Uploads one file (PDF, JPEG or PNG, at most ${messageRules.attachmentMaxBytes / 1024 / 1024} MiB) to send to one of the patient's clinicians`,
  get request() {
    return uploadRequest;
  },
  multipart: true,
  maxFileBytes: messageRules.attachmentMaxBytes,
  get reply() {
    return reply({ attachment: messageAttachment }, fileRefusals);
  },
});

/**
 * A clinician's Web Push of new messages from a patient: it names the patient and the thread,
 * never what was written (a browser may show it on a locked screen).
 */
export const messageNotification = z.lazy(() =>
  z.object({
    key: z.string(),
    kind: z.literal('message'),
    seqMedicalRelation: z.number().int(),
    patientName: z.string(),
    time: z.string(),
  }),
);
export type MessageNotification = z.infer<typeof messageNotification>;
