import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoints } from './index.ts';

/** A JSON schema without its additionalProperties, which only say whether parsing strips unknown keys. */
function shapeOf(schema: z.ZodType, io: 'input' | 'output'): unknown {
  return JSON.parse(
    JSON.stringify(z.toJSONSchema(schema, { io }), (key, value: unknown) =>
      key === 'additionalProperties' ? undefined : value,
    ),
  );
}

describe('replies', () => {
  // A client may then take a reply the server's tests checked as it is, without parsing it again.
  it('read as they are written: no defaults, conversions or coercions', () => {
    for (const endpoint of endpoints) {
      expect(shapeOf(endpoint.reply, 'input'), endpoint.path).toEqual(shapeOf(endpoint.reply, 'output'));
    }
  });
});
