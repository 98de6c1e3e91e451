import { getMyPatients } from '@clinic/contract';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { checkedSerializer, fastSerializer } from './reply-serializer.ts';

const reply = z.object({
  isSuccess: z.literal(true),
  count: z.number().int(),
  gender: z.enum(['M', 'F']).nullable(),
  device: z.union([z.literal(1), z.literal(2)]),
  note: z.string().optional(),
});

describe('reply serialization', () => {
  it('writes the same JSON as zod would, without the properties the contract does not name', () => {
    const data = { isSuccess: true, count: 3, gender: null, device: 2, secret: 'x' };
    expect(JSON.parse(fastSerializer(reply)(data))).toEqual({ isSuccess: true, count: 3, gender: null, device: 2 });
    expect(checkedSerializer(reply, 'test')({ ...data, gender: 'F', note: 'n' })).toBe(
      '{"isSuccess":true,"count":3,"gender":"F","device":2,"note":"n"}',
    );
  });

  it('refuses, when checking, a reply outside the contract that the fast serializer alone would let through', () => {
    const data = { isSuccess: true, count: 3.5, gender: null, device: 2 };
    expect(() => fastSerializer(reply)(data)).not.toThrow();
    expect(() => checkedSerializer(reply, 'test')(data)).toThrow(/breaks its contract/);
    expect(() => checkedSerializer(reply, 'test')({ ...data, count: 3, device: 3 })).toThrow(/breaks its contract/);
  });

  it('compiles each schema once', () => {
    expect(fastSerializer(getMyPatients.reply)).toBe(fastSerializer(getMyPatients.reply));
  });
});
