import { FailedCode } from '@clinic/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@clinic/client/api-error';
import { payWithKey } from './payment-call.ts';

describe('a payment call', () => {
  it('keeps its key when the processor did not say what it did (503), and drops it after a refusal', async () => {
    const keys: string[] = [];
    const failWith = (error: ApiError) => (key: string) => {
      keys.push(key);
      return Promise.reject(error);
    };
    const unknown = new ApiError('server', 503, FailedCode.PaymentFailed);
    expect(await payWithKey('checkout:1', failWith(unknown))).toEqual({ kind: 'noAnswer' });
    await payWithKey('checkout:1', failWith(new ApiError('badRequest', 400, FailedCode.BadRequest)));
    await payWithKey('checkout:1', failWith(unknown));
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
  });
});
