import { FailedCode, rules, uploadSingle, uploadSymptomPhoto, type Audit, type UploadFolder } from '@clinic/contract';
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpFailure } from '../../domain-error.ts';
import type { UploadedFile } from '../../http/multipart.ts';
import { ok, patientOf, principalOf, route, type Route } from '../../http/route.ts';
import { auditedCall } from '../audit/index.ts';
import type { StorageService } from './storage.service.ts';

/** The multipart body handed to the upload route: the checked folder and the file. */
export interface UploadBody {
  folderPath: UploadFolder;
  file: UploadedFile;
}

export function storageRoutes(files: StorageService): Route[] {
  return [
    route(uploadSingle, async (body, context) => {
      const { folderPath, file } = body as unknown as UploadBody;
      return { ...ok, ...(await files.upload(principalOf(context), folderPath, await file(), context)) };
    }),
    route(uploadSymptomPhoto, async (body, context) => {
      const { file } = body as unknown as UploadBody;
      return {
        ...ok,
        ...(await files.upload({ seqUser: patientOf(context).seqUser }, 'symptom', await file(), context)),
      };
    }),
  ];
}

/** GET /api/storage/file/:id: the bytes of an upload, never interpreted by the browser as a page. */
/** A download reads the file, a patient's photo perhaps: audited like an endpoint of the contract. */
const fileRead: Audit = { action: 'read', entity: 'upload' };

export function registerFileDownload(
  app: FastifyInstance,
  files: StorageService,
  onRequest: (request: FastifyRequest) => Promise<void>,
  audit: Parameters<typeof auditedCall>[0],
): void {
  app.get<{ Params: { id: string } }>(
    '/api/storage/file/:id',
    { config: { access: 'signedIn', audit: fileRead }, schema: { hide: true }, onRequest },
    async (request, reply) => {
      const { context } = request;
      const file = await auditedCall(audit, fileRead, request.params, context, () =>
        files.read(context.principal ?? patientOf(context), request.params.id, context),
      );
      return sendStoredFile(reply, file);
    },
  );
}

/**
 * Sends a stored file so that no browser runs it: its type as sniffed when it was stored (and
 * helmet's `nosniff`), a sandboxing CSP, and a disposition naming it when a name is given. A file
 * that may stop being served (a withdrawn message's) is kept in no cache.
 */
export function sendStoredFile(
  reply: FastifyReply,
  file: { bytes: Readable; contentType: string },
  { fileName, noStore = false }: { fileName?: string; noStore?: boolean } = {},
): FastifyReply {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', fileName ? contentDisposition(fileName) : 'inline')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', noStore ? 'no-store' : 'private, max-age=3600')
    .send(file.bytes);
}

/** `inline` with the name as RFC 6266 writes it: an ASCII fallback and the UTF-8 name. */
function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `inline; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

export const uploadLimits = { fileSize: rules.uploadMaxBytes, files: 1, fields: 5, fieldSize: 1024 };
export const tooLarge = (): HttpFailure => new HttpFailure(413, FailedCode.TooLarge);
