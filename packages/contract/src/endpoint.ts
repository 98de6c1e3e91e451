import { z } from 'zod';
import type { FailedCode } from './errors.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** public: no token; manager: a clinician's access token; patient: a patient app member's. */
export type Access = 'public' | 'manager' | 'patient';

/**
 * What a call reads or changes of patient data (or of the clinician's payment details), as the
 * audit trail records it: one row per call, refused attempts included (decision 0002).
 */
export interface Audit {
  action: 'read' | 'create' | 'update' | 'delete';
  /** What was read or changed: 'patient_detail', 'report', 'schedule', ... */
  entity: string;
}

export interface Endpoint<Request extends z.ZodType = z.ZodType, Reply extends z.ZodType = z.ZodType> {
  method: HttpMethod;
  /** Path under /api, exactly as SPEC section 7 names it. */
  path: string;
  access: Access;
  /** The audit trail's row of every call, or false: the call touches no patient data. */
  audit: Audit | false;
  tag: string;
  summary: string;
  request: Request;
  reply: Reply;
  /** The request is multipart/form-data: `request` describes its text fields, beside one `file`. */
  multipart?: true;
  /** The largest file a multipart request takes, where it is not the upload rule's. */
  maxFileBytes?: number;
}

/**
 * An endpoint whose `request` and `reply` are getters, built at first use and kept: a page loads
 * the contract's modules whole, and building every endpoint's schemas, for the few a screen calls,
 * was the largest block of script before home's first paint.
 */
export function defineEndpoint<Request extends z.ZodType, Reply extends z.ZodType>(
  endpoint: Endpoint<Request, Reply>,
): Endpoint<Request, Reply> {
  for (const key of ['request', 'reply'] as const) {
    const described = Object.getOwnPropertyDescriptor(endpoint, key);
    if (!described?.get) continue;
    Object.defineProperty(endpoint, key, {
      configurable: true,
      enumerable: true,
      get() {
        const schema: unknown = described.get?.call(endpoint);
        Object.defineProperty(endpoint, key, { value: schema, enumerable: true });
        return schema;
      },
    });
  }
  return endpoint;
}

/**
 * The endpoint's operationId in the OpenAPI document, the method name of a generated client: its
 * path in camel case (`/board/inquiry/list` is boardInquiryList), so it stays as long as the path.
 */
export function operationIdOf(endpoint: Pick<Endpoint, 'path'>): string {
  const words = endpoint.path.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return words.map((word, index) => (index === 0 ? word : word[0]!.toUpperCase() + word.slice(1))).join('');
}

/** A business failure: HTTP 200 with a failedCode from the catalogue and a translated message. */
type FailureSchema<Codes extends readonly FailedCode[]> = z.ZodObject<{
  isSuccess: z.ZodLiteral<false>;
  failedCode: z.ZodEnum<{ [Code in Codes[number]]: Code }>;
  message: z.ZodString;
}>;
type SuccessSchema<Shape extends z.ZodRawShape> = z.ZodObject<{ isSuccess: z.ZodLiteral<true> } & Shape>;

export function failure<const Codes extends readonly [FailedCode, ...FailedCode[]]>(
  codes: Codes,
): FailureSchema<Codes> {
  return z.object({
    isSuccess: z.literal(false),
    failedCode: z.enum(codes),
    message: z.string(),
  });
}

/** The reply envelope of DESIGN section 2: `{ isSuccess: true, ...data }` or a coded failure. */
export function reply<const Shape extends z.ZodRawShape, const Codes extends readonly [FailedCode, ...FailedCode[]]>(
  shape: Shape,
  codes: Codes,
): z.ZodDiscriminatedUnion<[SuccessSchema<Shape>, FailureSchema<Codes>]> {
  return z.discriminatedUnion('isSuccess', [z.object({ isSuccess: z.literal(true), ...shape }), failure(codes)]);
}

/** A reply that cannot fail on business grounds. */
export function success<const Shape extends z.ZodRawShape>(shape: Shape): SuccessSchema<Shape> {
  return z.object({ isSuccess: z.literal(true), ...shape });
}

export const emptyRequest = z.lazy(() => z.object({}).strict());

/** The body of every HTTP error (400, 401, 403, 404, 409, 413, 429, 500). */
export const errorReply = z.lazy(() =>
  z.object({
    isSuccess: z.literal(false),
    failedCode: z.string(),
    message: z.string(),
    fields: z.array(z.object({ path: z.string(), code: z.string(), message: z.string() })).optional(),
  }),
);
export type ErrorReply = z.infer<typeof errorReply>;

export type RequestOf<E extends Endpoint> = z.input<E['request']>;
/** A request as the server sees it once parsed (trimmed, lower-cased, defaults applied). */
export type BodyOf<E extends Endpoint> = z.output<E['request']>;
export type ReplyOf<E extends Endpoint> = z.output<E['reply']>;
