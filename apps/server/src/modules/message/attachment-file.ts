import { FailedCode, attachmentTypes, messageRules, type AttachmentType } from '@clinic/contract';
import { fileTypeFromBuffer } from 'file-type';
import type { Sharp } from 'sharp';
import { BusinessFailure } from '../../domain-error.ts';

/** Photos from iPhones: refused with a message saying how to send them as JPEG (decision 0016). */
const heifTypes = new Set(['image/heic', 'image/heif', 'image/heic-sequence', 'image/heif-sequence']);

/** The file's type from its bytes (never its name); a type a message may not carry is refused. */
export async function attachmentTypeOf(bytes: Uint8Array): Promise<AttachmentType> {
  const mime = (await fileTypeFromBuffer(bytes))?.mime;
  if (mime && heifTypes.has(mime)) throw new BusinessFailure(FailedCode.HeicNotSupported);
  const type = attachmentTypes.find((allowed) => allowed === mime);
  if (!type) throw new BusinessFailure(FailedCode.UnsupportedAttachment);
  return type;
}

const thumbnailPixels = 320;
/** Larger images are refused before sharp decodes them: 24 megapixels is more than a phone takes. */
const limitInputPixels = 24_000_000;

/** An image sharp could not decode is no image a message can carry. */
async function withSharp(bytes: Uint8Array, make: (image: Sharp) => Promise<Buffer>): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  try {
    return await make(sharp(bytes, { limitInputPixels }));
  } catch (error) {
    throw new BusinessFailure(FailedCode.UnsupportedAttachment, { cause: error });
  }
}

/**
 * An image as it is kept: turned upright by its EXIF orientation and written again without its
 * metadata (a phone's location among it), in its own type. A PDF is kept as sent.
 */
export function storedImageOf(bytes: Uint8Array, type: Exclude<AttachmentType, 'application/pdf'>): Promise<Buffer> {
  return withSharp(bytes, (image) =>
    (type === 'image/png' ? image.rotate().png() : image.rotate().jpeg({ quality: 90 })).toBuffer(),
  );
}

/** A small JPEG of an upright image without metadata; transparency shows as white, as a page would. */
export function thumbnailOf(bytes: Uint8Array): Promise<Buffer> {
  return withSharp(bytes, (image) =>
    image
      .rotate()
      .resize(thumbnailPixels, thumbnailPixels, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 75 })
      .toBuffer(),
  );
}

const extensions: Record<AttachmentType, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
};

/**
 * A file's name as a download may give it: its last path part, without control and invisible
 * format characters (a right-to-left override could disguise its type), not too long, and with
 * the extension of the type its bytes have, whatever the name said.
 */
export function cleanFileName(name: string | undefined, type: AttachmentType): string {
  const extension = extensions[type];
  const stem = (name ?? '')
    .split(/[\\/]/)
    .pop()!
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .replace(/\.[^.]*$/, '')
    .trim()
    .slice(0, messageRules.fileNameMax - extension.length - 1)
    .trim();
  return `${stem || 'attachment'}.${extension}`;
}
