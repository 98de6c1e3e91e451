import { isApiError } from '@clinic/client/api-error';
import { fieldErrorsOfReply } from '@clinic/client/form-issues';
import { purchaseActions } from './purchase-store.ts';

/** A card payment call's answer as the form shows it. */
export type PaymentOutcome<Reply> =
  { kind: 'reply'; reply: Reply } | { kind: 'fields'; errors: Record<string, string> } | { kind: 'noAnswer' };

/** Whether a thrown call may not have reached the processor: then the retry reuses the key. */
export function isUnanswered(error: unknown): boolean {
  return !isApiError(error) || error.kind === 'network' || error.kind === 'timeout' || error.kind === 'server';
}

/** Field errors of a 400 for `card.cardNumber` and the like, by the card's own field names. */
export function cardFieldErrors(fields: readonly { path: string; code: string }[]): Record<string, string> {
  return fieldErrorsOfReply(fields.map((field) => ({ ...field, path: field.path.replace(/^card\./, '') })));
}

/**
 * Runs a payment call with the idempotency key of its attempt: the same key on a retry after no
 * answer, a new attempt after any answer.
 */
export async function payWithKey<Reply>(
  scope: string,
  call: (idempotencyKey: string) => Promise<Reply>,
): Promise<PaymentOutcome<Reply>> {
  const idempotencyKey = purchaseActions.keyFor(scope);
  try {
    const reply = await call(idempotencyKey);
    purchaseActions.settle('answered');
    return { kind: 'reply', reply };
  } catch (error) {
    if (isUnanswered(error)) {
      purchaseActions.settle('noAnswer');
      return { kind: 'noAnswer' };
    }
    purchaseActions.settle('answered');
    return { kind: 'fields', errors: isApiError(error) ? cardFieldErrors(error.fields) : {} };
  }
}
