import { z } from 'zod';
import { defineEndpoint, reply } from './endpoint.ts';
import { FailedCode } from './errors.ts';
import { rules } from './rules.ts';

/** Folders an upload may go to, each with its own readers (SPEC 5 "Images"). */
export const uploadFolders = ['profile', 'symptom'] as const;
export type UploadFolder = (typeof uploadFolders)[number];

/** Image types SPEC 5 allows, told by the file's first bytes, not its name. */
export const imageTypes = ['image/png', 'image/gif', 'image/jpeg', 'image/bmp', 'image/x-icon'] as const;

/**
 * Multipart form: a `folderPath` field and one `file`. The reply's publicPath is served by
 * GET /api/storage/file/:id to the users allowed to see it.
 */
export const uploadSingle = defineEndpoint({
  method: 'POST',
  path: '/storage/upload/single',
  access: 'manager',
  audit: { action: 'create', entity: 'upload' },
  tag: 'storage',
  summary: `Uploads one image (png, gif, jpeg, bmp, x-icon) of at most ${rules.uploadMaxBytes / 1024 / 1024} MiB`,
  get request() {
    return z.object({ folderPath: z.enum(uploadFolders, { error: 'validation.invalid' }) });
  },
  multipart: true,
  get reply() {
    return reply({ publicPath: z.string() }, [FailedCode.UnsupportedFile]);
  },
});

/** The patient's side: a symptom photo for a visit (multipart, one `file`). */
export const uploadSymptomPhoto = defineEndpoint({
  method: 'POST',
  path: '/patientApp/uploadFile',
  access: 'patient',
  audit: { action: 'create', entity: 'upload' },
  tag: 'patientApp',
  summary: 'Uploads one symptom photo; its publicPath is then attached to a visit',
  get request() {
    return z.object({});
  },
  multipart: true,
  get reply() {
    return reply({ publicPath: z.string() }, [FailedCode.UnsupportedFile]);
  },
});
