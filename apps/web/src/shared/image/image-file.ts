import { imageTypes, rules } from '@clinic/contract';

/** What the file input offers: the image types of SPEC 5 (ICO also travels as image/vnd.microsoft.icon). */
export const acceptedImageTypes = [...imageTypes, 'image/vnd.microsoft.icon'] as const;
export const imageAccept = acceptedImageTypes.join(',');

export type ImageFileProblem = 'type' | 'size';

/** Why a chosen file cannot be used, or undefined when it can. */
export function imageFileProblem(file: { type: string; size: number }): ImageFileProblem | undefined {
  if (!(acceptedImageTypes as readonly string[]).includes(file.type)) return 'type';
  if (file.size > rules.uploadMaxBytes) return 'size';
  return undefined;
}

export const uploadMaxMegabytes = rules.uploadMaxBytes / 1024 / 1024;
