import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

const primitiveTypes = new Set(['string', 'number', 'integer', 'boolean']);

const isPrimitive = (schema: unknown): schema is { type: string } =>
  typeof schema === 'object' &&
  schema !== null &&
  typeof (schema as { type?: unknown }).type === 'string' &&
  primitiveTypes.has((schema as { type: string }).type) &&
  Object.keys(schema).every((key) => ['type', 'const', 'enum', 'minimum', 'maximum', 'format'].includes(key));

/**
 * A JSON schema made cheap to serialize with: a union of values of one type (`1 | 2`, `'M' | 'F'`,
 * nullable ones too) becomes that type, so no value has to be matched against each branch.
 * Serialization only shapes the JSON; the contract's zod schema says which values are allowed.
 */
function simplified(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(simplified);
  if (typeof schema !== 'object' || schema === null) return schema;
  const { anyOf, ...rest } = schema as JsonSchema;
  if (Array.isArray(anyOf)) {
    const nullable = anyOf.some((branch) => isDeepStrictEqual(branch, { type: 'null' }));
    const values = anyOf.filter((branch) => !isDeepStrictEqual(branch, { type: 'null' }));
    const types = new Set(values.map((branch) => (isPrimitive(branch) ? branch.type : undefined)));
    const [type] = types;
    if (types.size === 1 && type !== undefined) return { ...rest, type: nullable ? [type, 'null'] : type };
  }
  const entries = Object.entries(schema).map(([key, value]) => [key, simplified(value)] as const);
  return Object.fromEntries(entries);
}

/** The JSON schema of what a zod schema puts on the wire, as the fast serializer reads it. */
export function serializationSchema(schema: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, { io: 'output', target: 'draft-7' }) as JsonSchema;
  delete json.$schema;
  return simplified(json) as JsonSchema;
}

export type Serialize = (data: unknown) => string;

const serializers = new WeakMap<z.ZodType, Serialize>();

/** A route's response schema, which is the contract's zod schema. */
function zodOf(schema: unknown): z.ZodType {
  if (!(schema instanceof z.ZodType)) throw new Error('A reply schema must be a zod schema');
  return schema;
}

/**
 * Serializes a reply from the JSON schema of its zod schema, compiled once per schema at its first
 * reply: compiling every route's at registration would lengthen each start by about 100 ms.
 */
export function fastSerializer(replySchema: unknown): Serialize {
  const schema = zodOf(replySchema);
  let serialize = serializers.get(schema);
  if (!serialize) {
    let compiled: Serialize | undefined;
    serialize = (data) => {
      compiled ??= fastJson(serializationSchema(schema));
      return compiled(data);
    };
    serializers.set(schema, serialize);
  }
  return serialize;
}

/**
 * For tests: the fast serializer, refusing a reply the contract's zod schema refuses and any whose
 * JSON differs from what zod would have encoded, so a reply outside the contract fails the test.
 */
export function checkedSerializer(replySchema: unknown, where: string): Serialize {
  const schema = zodOf(replySchema);
  const fast = fastSerializer(schema);
  return (data) => {
    const encoded = z.safeEncode(schema, data);
    if (!encoded.success) throw new Error(`The reply of ${where} breaks its contract: ${encoded.error.message}`);
    const json = fast(data);
    if (!isDeepStrictEqual(JSON.parse(json), JSON.parse(JSON.stringify(encoded.data)))) {
      throw new Error(`The reply of ${where} is serialized otherwise than its contract encodes it`);
    }
    return json;
  };
}
