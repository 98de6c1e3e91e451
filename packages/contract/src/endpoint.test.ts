import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoint, emptyRequest, success } from './endpoint.ts';
import { endpoints, operationIdOf } from './index.ts';
import { pageField } from './validation.ts';

/** A JSON schema without its additionalProperties, which only say whether parsing strips unknown keys. */
function shapeOf(schema: z.ZodType, io: 'input' | 'output'): unknown {
  return JSON.parse(
    JSON.stringify(z.toJSONSchema(schema, { io }), (key, value: unknown) =>
      key === 'additionalProperties' ? undefined : value,
    ),
  );
}

describe("an endpoint's schemas", () => {
  it('are built at first use, once', () => {
    let builds = 0;
    const endpoint = defineEndpoint({
      method: 'POST',
      path: '/example/read',
      access: 'manager',
      audit: false,
      tag: 'example',
      summary: 'An example',
      request: emptyRequest,
      get reply() {
        builds += 1;
        return success({ count: z.number() });
      },
    });
    expect(builds).toBe(0);
    const reply = endpoint.reply;
    expect(endpoint.reply).toBe(reply);
    expect(builds).toBe(1);
    expect(reply.parse({ isSuccess: true, count: 2 })).toEqual({ isSuccess: true, count: 2 });
    expect(Object.keys(endpoint)).toContain('reply');
  });
});

describe('replies', () => {
  // A client may then take a reply the server's tests checked as it is, without parsing it again.
  it('read as they are written: no defaults, conversions or coercions', () => {
    for (const endpoint of endpoints) {
      expect(shapeOf(endpoint.reply, 'input'), endpoint.path).toEqual(shapeOf(endpoint.reply, 'output'));
    }
  });
});

describe('paging', () => {
  it('is the same on every paged endpoint: a page counted from 1, and a total count in the reply', () => {
    const paged = endpoints.filter(
      (endpoint) => endpoint.request instanceof z.ZodObject && 'page' in endpoint.request.shape,
    );
    expect(paged.length).toBeGreaterThanOrEqual(8);
    for (const endpoint of paged) {
      const { shape } = endpoint.request as z.ZodObject;
      expect(shape.page, endpoint.path).toBe(pageField);
      expect(Object.keys(shape), endpoint.path).toContain('size');
      expect(JSON.stringify(z.toJSONSchema(endpoint.reply, { io: 'output' })), endpoint.path).toContain('totalCount');
    }
    expect(pageField.parse(undefined)).toBe(1);
    expect(pageField.safeParse(0).success).toBe(false);
  });
});

describe('operation ids', () => {
  it('are unique camel-case names made from the path, for a generated client’s methods', () => {
    const ids = endpoints.map(operationIdOf);
    expect(new Set(ids).size).toBe(endpoints.length);
    for (const id of ids) expect(id).toMatch(/^[a-z][A-Za-z0-9]*$/);
    expect(operationIdOf({ path: '/board/inquiry/list' })).toBe('boardInquiryList');
    expect(operationIdOf({ path: '/patient/addPatient/noAuth' })).toBe('patientAddPatientNoAuth');
  });
});

describe('card data', () => {
  // Cards are typed in the processor's fields; our server handles only the processor's ids.
  it('has no field for a card number or security code in any request or reply', () => {
    const cardField = /card_?num|pan\b|cvc|cvv|security_?code/i;
    for (const endpoint of endpoints) {
      const fields: string[] = [];
      for (const schema of [endpoint.request, endpoint.reply])
        JSON.stringify(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }), (key, value: unknown) => {
          if (key === 'properties' && typeof value === 'object' && value) fields.push(...Object.keys(value));
          return value;
        });
      expect(
        fields.filter((field) => cardField.test(field)),
        endpoint.path,
      ).toEqual([]);
    }
  });
});
