import { z } from 'zod';
import { defineEndpoint, success } from './endpoint.ts';
import { idField } from './validation.ts';

/**
 * A receipt's number: R, the year of the charge (UTC) and the receipt's sequence number, e.g.
 * R-2026-000042. Unique, and fixed once the receipt is issued.
 */
export function receiptNumber(seqReceipt: number, paidAt: Date): string {
  return `R-${paidAt.getUTCFullYear()}-${String(seqReceipt).padStart(6, '0')}`;
}

/** A successful charge as its receipt shows it, as it was when the charge was made (decision 0007). */
export const receipt = z.lazy(() =>
  z.object({
    seqPayment: z.number().int(),
    receiptNumber: z.string(),
    paidAt: z.string(),
    /** Who was charged: the clinician's name, their clinic and its address on My page then. */
    billedTo: z.string(),
    clinicName: z.string().nullable(),
    clinicAddress: z.string().nullable(),
    /** The plan's stable code (translated by the app) and its title then. */
    productCode: z.string(),
    productTitle: z.string(),
    kind: z.enum(['subscribe', 'renewal', 'retry']),
    periodStart: z.string(),
    periodEnd: z.string(),
    /** In the currency's minor unit. */
    amountMinor: z.number().int(),
    currency: z.string(),
    cardLast4: z.string().nullable(),
  }),
);
export type Receipt = z.infer<typeof receipt>;

export const getReceipt = defineEndpoint({
  method: 'POST',
  path: '/payment/getReceipt',
  access: 'manager',
  audit: { action: 'read', entity: 'receipt' },
  tag: 'payment',
  summary: 'The receipt of one of the caller’s successful charges; any other payment answers 404',
  get request() {
    return z.object({ seqPayment: idField });
  },
  get reply() {
    return success({ receipt });
  },
});
