import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { FailedCode, uploadIdOf, uploadPathOf, type UploadFolder } from '@clinic/contract';
import type { Database } from '../../db/client.ts';
import { BusinessFailure, notFound } from '../../domain-error.ts';
import type { Clock, PatientPrincipal, Principal, RequestContext } from '../../context.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { recordAudit } from '../audit/index.ts';
import { uploadRepository } from '../shared/index.ts';

/** The image types of SPEC 5, told by their first bytes: a name or a declared type proves nothing. */
const signatures: [string, number[]][] = [
  ['image/png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  ['image/gif', [0x47, 0x49, 0x46, 0x38]],
  ['image/jpeg', [0xff, 0xd8, 0xff]],
  ['image/bmp', [0x42, 0x4d]],
  ['image/x-icon', [0x00, 0x00, 0x01, 0x00]],
];

/** "BM" alone is too weak: a real bitmap has zero reserved bytes and a known header size. */
function isBitmap(bytes: Uint8Array): boolean {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return (
    bytes.length >= 26 &&
    view.getUint32(6, true) === 0 &&
    [12, 40, 52, 56, 64, 108, 124].includes(view.getUint32(14, true))
  );
}

export function sniffImageType(bytes: Uint8Array): string | undefined {
  const type = signatures.find(([, magic]) => magic.every((byte, index) => bytes[index] === byte))?.[0];
  return type === 'image/bmp' && !isBitmap(bytes) ? undefined : type;
}

export interface StorageService {
  upload(
    principal: { seqUser: number; seqManager?: number },
    folder: UploadFolder,
    bytes: Buffer,
    context: RequestContext,
  ): Promise<{ publicPath: string }>;
  read(
    caller: Principal | PatientPrincipal,
    id: string,
    context: RequestContext,
  ): Promise<{ bytes: Readable; contentType: string }>;
}

export function storageService({
  db,
  storage,
  now,
}: {
  db: Database;
  storage: FileStorage;
  now: Clock;
}): StorageService {
  return {
    /** Stores an image for a clinician, or for a patient (who has no seqManager). */
    async upload(principal, folder, bytes, context) {
      const contentType = sniffImageType(bytes);
      if (!contentType) throw new BusinessFailure(FailedCode.UnsupportedFile);
      const id = randomUUID();
      const storageKey = `${folder}/${id}`;
      await storage.put(storageKey, bytes);
      try {
        await uploadRepository(db).insert({
          id,
          seqManager: principal.seqManager ?? null,
          seqUser: principal.seqUser,
          folder,
          contentType,
          byteSize: bytes.length,
          storageKey,
          createdAt: now(),
        });
      } catch (error) {
        await storage.remove(storageKey);
        throw error;
      }
      await recordAudit(db, principal, context, now(), [{ action: 'create', entity: 'upload', entityId: id }]);
      return { publicPath: uploadPathOf(id) };
    },

    /**
     * A file for the clinician who uploaded it, or a patient's photo attached to one of the
     * clinician's visits; for a patient, what they uploaded themselves. Anyone else is told it
     * does not exist.
     */
    async read(caller, id, context) {
      const uploads = uploadRepository(db);
      const row = !uploadIdOf(uploadPathOf(id))
        ? undefined
        : 'seqManager' in caller
          ? await uploads.findReadable(id, caller.seqManager)
          : await uploads.findOwnedByMember(id, caller.seqUser);
      const bytes = row && (await storage.get(row.storageKey));
      if (!row || !bytes) throw notFound();
      const seqPatient = 'seqPatient' in caller ? caller.seqPatient : undefined;
      await recordAudit(db, caller, context, now(), [{ action: 'read', entity: 'upload', entityId: id, seqPatient }]);
      return { bytes, contentType: row.contentType };
    },
  };
}
