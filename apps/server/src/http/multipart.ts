import multipart from '@fastify/multipart';
import type { Endpoint } from '@clinic/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { InvalidField } from '../domain-error.ts';
import { tooLarge, uploadLimits } from '../modules/storage/index.ts';

/** Multipart bodies within the upload limits: one file and a few short text fields. */
export async function registerMultipart(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { limits: uploadLimits });
}

/** The text fields and the one file of a multipart request, checked against the endpoint's schema. */
export async function readMultipart(
  request: FastifyRequest,
  { request: schema, maxFileBytes }: Pick<Endpoint, 'request' | 'maxFileBytes'>,
): Promise<unknown> {
  const part = await request.file(maxFileBytes ? { limits: { ...uploadLimits, fileSize: maxFileBytes } } : {});
  if (!part) throw new InvalidField('file', 'validation.required');
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
  const file = await part.toBuffer();
  if (part.file.truncated) throw tooLarge();
  return { ...(parsed.data as object), file, fileName: part.filename };
}
