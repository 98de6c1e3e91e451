import {
  addMessageTemplate,
  getMessageAwaySettings,
  getUnreadMessageCount,
  listMessageTemplates,
  listMessageThreads,
  listMessages,
  listMyMessageThreads,
  listMyMessages,
  removeMessageTemplate,
  sendMessage,
  sendMyMessage,
  updateMessageAwaySettings,
  updateMessageTemplate,
  uploadMessageAttachment,
  uploadMyMessageAttachment,
  withdrawMessage,
  withdrawMyMessage,
  type Audit,
} from '@clinic/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { RequestContext } from '../../context.ts';
import { notFound } from '../../domain-error.ts';
import type { UploadedFile } from '../../http/multipart.ts';
import { ok, patientOf, principalOf, route, type Route } from '../../http/route.ts';
import { auditedCall } from '../audit/index.ts';
import { sendStoredFile } from '../storage/index.ts';
import { clinicianCaller, patientCaller, type MessageCaller } from './message-access.ts';
import type { MessageServices } from './message.service.ts';

/** The multipart body of an upload: the checked relation and the file with its name. */
interface UploadBody {
  seqMedicalRelation: number;
  file: UploadedFile;
  fileName: string | undefined;
}

export function messageRoutes({ threads, sending, settings }: MessageServices): Route[] {
  const upload = async (caller: MessageCaller, body: unknown, context: RequestContext) => {
    const { seqMedicalRelation, file, fileName } = body as UploadBody;
    return { ...ok, attachment: await sending.upload(caller, { seqMedicalRelation, read: file, fileName }, context) };
  };
  return [
    route(listMessageThreads, async (body, context) => ({
      ...ok,
      ...(await threads.listThreads(clinicianCaller(principalOf(context)), body, context)),
    })),
    route(getUnreadMessageCount, async (_body, context) => ({
      ...ok,
      ...(await threads.unreadCount(clinicianCaller(principalOf(context)))),
    })),
    route(listMessages, async (body, context) => ({
      ...ok,
      ...(await threads.listMessages(clinicianCaller(principalOf(context)), body, context)),
    })),
    route(sendMessage, async (body, context) => ({
      ...ok,
      message: await sending.send(clinicianCaller(principalOf(context)), body, context),
    })),
    route(withdrawMessage, async (body, context) => ({
      ...ok,
      message: await sending.withdraw(clinicianCaller(principalOf(context)), body.seqMessage, context),
    })),
    route(uploadMessageAttachment, (body, context) => upload(clinicianCaller(principalOf(context)), body, context)),
    route(listMessageTemplates, async (_body, context) => ({
      ...ok,
      templateList: await settings.listTemplates(principalOf(context)),
    })),
    route(addMessageTemplate, async (body, context) => ({
      ...ok,
      template: await settings.addTemplate(principalOf(context), body),
    })),
    route(updateMessageTemplate, async (body, context) => ({
      ...ok,
      template: await settings.updateTemplate(principalOf(context), body),
    })),
    route(removeMessageTemplate, async (body, context) => {
      await settings.removeTemplate(principalOf(context), body.seqMessageTemplate);
      return ok;
    }),
    route(getMessageAwaySettings, async (_body, context) => ({
      ...ok,
      settings: await settings.awaySettings(principalOf(context), context),
    })),
    route(updateMessageAwaySettings, async (body, context) => ({
      ...ok,
      settings: await settings.updateAwaySettings(principalOf(context), body, context),
    })),
    route(listMyMessageThreads, async (_body, context) => ({
      ...ok,
      ...(await threads.listMyThreads(patientCaller(patientOf(context)), context)),
    })),
    route(listMyMessages, async (body, context) => ({
      ...ok,
      ...(await threads.listMessages(patientCaller(patientOf(context)), body, context)),
    })),
    route(sendMyMessage, async (body, context) => ({
      ...ok,
      message: await sending.send(patientCaller(patientOf(context)), body, context),
    })),
    route(withdrawMyMessage, async (body, context) => ({
      ...ok,
      message: await sending.withdraw(patientCaller(patientOf(context)), body.seqMessage, context),
    })),
    route(uploadMyMessageAttachment, (body, context) => upload(patientCaller(patientOf(context)), body, context)),
  ];
}

/** A download reads a message's file: audited like an endpoint of the contract, refusals included. */
const attachmentRead: Audit = { action: 'read', entity: 'message_attachment' };
const uploadId = z.uuid();

/** GET /api/message/attachment/:id[?thumbnail=1]: a message's file, to the two people of its thread. */
export function registerMessageAttachmentDownload(
  app: FastifyInstance,
  { sending }: MessageServices,
  onRequest: (request: FastifyRequest) => Promise<void>,
  audit: Parameters<typeof auditedCall>[0],
): void {
  app.get<{ Params: { id: string }; Querystring: { thumbnail?: string } }>(
    '/api/message/attachment/:id',
    { config: { access: 'signedIn', audit: attachmentRead }, schema: { hide: true }, onRequest },
    async (request, reply) => {
      const { context } = request;
      const caller = context.principal ? clinicianCaller(context.principal) : patientCaller(patientOf(context));
      const file = await auditedCall(audit, attachmentRead, request.params, context, () => {
        if (!uploadId.safeParse(request.params.id).success) throw notFound();
        return sending.readAttachment(caller, request.params.id, request.query.thumbnail === '1', context);
      });
      return sendStoredFile(reply, file, { fileName: file.fileName, noStore: true });
    },
  );
}
