/** Where an upload is served: GET /api/storage/file/:id, to the users allowed to see it. */
export const uploadPathOf = (uploadId: string): string => `/api/storage/file/${uploadId}`;

export const imageUrlOf = (uploadId: string | null): string | null => (uploadId ? uploadPathOf(uploadId) : null);

/** The upload id of a served path; undefined for anything else. */
export const uploadIdOf = (path: string): string | undefined =>
  /^\/api\/storage\/file\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/.exec(path)?.[1];
