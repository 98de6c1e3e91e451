import multipart from '@fastify/multipart';
import type { Endpoint } from '@clinic/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { InvalidField } from '../domain-error.ts';
import { tooLarge, uploadLimits } from '../modules/storage/index.ts';

/** Multipart bodies within the upload limits: one file and a few short text fields. */
export async function registerMultipart(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { limits: uploadLimits });
}

/**
 * The bytes of a request's file, read when called: a route checks what the fields ask for first, so
 * that a refused upload is never held in memory.
 */
export type UploadedFile = () => Promise<Buffer>;

/** The text fields of a multipart request, checked against the endpoint's schema, and its one file. */
export async function readMultipart(
  request: FastifyRequest,
  reply: FastifyReply,
  { request: schema, maxFileBytes }: Pick<Endpoint, 'request' | 'maxFileBytes'>,
): Promise<unknown> {
  const part = await request.file(maxFileBytes ? { limits: { ...uploadLimits, fileSize: maxFileBytes } } : {});
  if (!part) throw new InvalidField('file', 'validation.required');
  let taken = false;
  // A file the route refused before reading it is thrown away as it arrives, never held: the
  // request then ends, and its connection serves the client's next one.
  reply.raw.once('finish', () => {
    if (!taken) part.file.resume();
  });
  const fields = Object.fromEntries(
    Object.entries(part.fields).flatMap(([name, field]) =>
      field && !Array.isArray(field) && field.type === 'field' ? [[name, field.value]] : [],
    ),
  );
  const parsed = schema.safeParse(fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new InvalidField(issue?.path.join('.') ?? '', issue?.message ?? 'validation.invalid');
  }
  const file: UploadedFile = async () => {
    taken = true;
    const bytes = await part.toBuffer();
    if (part.file.truncated) throw tooLarge();
    return bytes;
  };
  return { ...(parsed.data as object), file, fileName: part.filename };
}
