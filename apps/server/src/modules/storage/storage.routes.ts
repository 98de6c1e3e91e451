import { FailedCode, rules, uploadSingle, uploadSymptomPhoto, type Audit, type UploadFolder } from '@clinic/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpFailure } from '../../domain-error.ts';
import { ok, patientOf, principalOf, route, type Route } from '../../http/route.ts';
import { auditedCall } from '../audit/index.ts';
import type { StorageService } from './storage.service.ts';

/** The multipart body handed to the upload route: the checked folder and the file's bytes. */
export interface UploadBody {
  folderPath: UploadFolder;
  file: Buffer;
}

export function storageRoutes(files: StorageService): Route[] {
  return [
    route(uploadSingle, async (body, context) => {
      const { folderPath, file } = body as unknown as UploadBody;
      return { ...ok, ...(await files.upload(principalOf(context), folderPath, file, context)) };
    }),
    route(uploadSymptomPhoto, async (body, context) => {
      const { file } = body as unknown as UploadBody;
      return { ...ok, ...(await files.upload({ seqUser: patientOf(context).seqUser }, 'symptom', file, context)) };
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
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', 'inline')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'private, max-age=3600')
        .send(file.bytes);
    },
  );
}

export const uploadLimits = { fileSize: rules.uploadMaxBytes, files: 1, fields: 5, fieldSize: 1024 };
export const tooLarge = (): HttpFailure => new HttpFailure(413, FailedCode.TooLarge);
