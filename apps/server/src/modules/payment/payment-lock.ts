import type { Locks } from '../../db/client.ts';

/** The advisory lock space of one clinician's payments (the key is the clinician). */
const paymentLockSpace = 7_240_515;

/**
 * Runs one clinician's checkout, card change, plan change, cancellation, renewal or account
 * deletion alone, processor calls included: two of them never both see "no subscription yet".
 */
export function whilePaymentsLocked<T>(locks: Locks, seqManager: number, work: () => Promise<T>): Promise<T> {
  return locks.hold(paymentLockSpace, seqManager, work);
}
