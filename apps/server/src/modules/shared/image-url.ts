import { uploadPathOf } from '@clinic/contract';

export const imageUrlOf = (uploadId: string | null): string | null => (uploadId ? uploadPathOf(uploadId) : null);
