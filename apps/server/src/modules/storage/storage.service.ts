import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { FailedCode, uploadIdOf, uploadPathOf, type UploadFolder } from '@clinic/contract';
import { fileTypeFromBuffer } from 'file-type';
import type { Database } from '../../db/client.ts';
import { BusinessFailure, notFound } from '../../domain-error.ts';
import type { Clock, PatientPrincipal, Principal, RequestContext } from '../../context.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { recordAudit } from '../audit/index.ts';
import { uploadRepository } from '../shared/index.ts';

/** The image types of SPEC 5, by the extension `file-type` gives them (a cursor is no icon). */
const imageExtensions = new Set(['png', 'gif', 'jpg', 'bmp', 'ico']);

/** "BM" alone is too weak: a real bitmap has zero reserved bytes and a known header size. */
function isBitmap(bytes: Uint8Array): boolean {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return (
    bytes.length >= 26 &&
    view.getUint32(6, true) === 0 &&
    [12, 40, 52, 56, 64, 108, 124].includes(view.getUint32(14, true))
  );
}

/** An image's type told by its bytes (`file-type`): a name or a declared type proves nothing. */
async function sniffImageType(bytes: Uint8Array): Promise<string | undefined> {
  const found = await fileTypeFromBuffer(bytes);
  if (!found || !imageExtensions.has(found.ext)) return undefined;
  return found.ext === 'bmp' && !isBitmap(bytes) ? undefined : found.mime;
}

/** An upload's row as stored beside its bytes, but for where the bytes are kept. */
type UploadRecord = Omit<Parameters<ReturnType<typeof uploadRepository>['insert']>[0], 'storageKey'>;

/**
 * Keeps a file's bytes under its folder and id, then its row; the bytes are removed again when the
 * row cannot be written (in `db`, a transaction when the caller passes one). Answers the bytes' key.
 */
export async function keepUpload(
  { db, storage }: { db: Database; storage: FileStorage },
  record: UploadRecord,
  bytes: Uint8Array,
): Promise<string> {
  const storageKey = `${record.folder}/${record.id}`;
  await storage.put(storageKey, bytes);
  try {
    await uploadRepository(db).insert({ ...record, storageKey });
  } catch (error) {
    await storage.remove(storageKey);
    throw error;
  }
  return storageKey;
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
      const contentType = await sniffImageType(bytes);
      if (!contentType) throw new BusinessFailure(FailedCode.UnsupportedFile);
      const id = randomUUID();
      await keepUpload(
        { db, storage },
        {
          id,
          seqManager: principal.seqManager ?? null,
          seqUser: principal.seqUser,
          folder,
          contentType,
          byteSize: bytes.length,
          createdAt: now(),
        },
        bytes,
      );
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
