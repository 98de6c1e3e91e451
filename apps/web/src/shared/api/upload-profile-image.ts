import { uploadSingle } from '@clinic/contract';
import { uploadFile } from './api-client.ts';

/** An image upload refused for its type; the message is the failedCode (CM0415). */
export class ImageRefusedError extends Error {
  override readonly name = 'ImageRefusedError';
}

/** Uploads a cropped image (a photo or a signature) to the profile folder; answers the path to save. */
export async function uploadProfileImage(jpeg: Blob, fileName: string): Promise<string> {
  const reply = await uploadFile(uploadSingle, { folderPath: 'profile' }, jpeg, fileName);
  if (!reply.isSuccess) throw new ImageRefusedError(reply.failedCode);
  return reply.publicPath;
}
