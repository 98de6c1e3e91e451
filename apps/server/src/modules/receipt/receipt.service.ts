import { receiptNumber, type Receipt } from '@clinic/contract';
import type { Principal } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../domain-error.ts';
import type { MailQueue } from '../../mail/mail-queue.ts';
import { receiptMail } from '../../mail/receipt-mail.ts';
import { fullName, mailLanguageOf } from '../shared/index.ts';
import { receiptRepository, type PaymentRow, type ReceiptRow } from './receipt.repository.ts';

export interface ReceiptService {
  /**
   * Issues the receipt of a payment recorded as paid, in the transaction that records it, and
   * queues its mail there too: a paid charge has exactly one receipt and one mail. Anything but a
   * paid charge (a refusal, a trial start) gets none.
   */
  issue(tx: Database, payment: PaymentRow): Promise<void>;
  /** One receipt of the caller; another clinician's payment, or one without a receipt, is not found. */
  get(principal: Principal, seqPayment: number): Promise<Receipt>;
}

function toReceipt(row: ReceiptRow, payment: PaymentRow): Receipt {
  return {
    seqPayment: payment.seqPayment,
    receiptNumber: receiptNumber(row.seqReceipt, payment.createdAt),
    paidAt: payment.createdAt.toISOString(),
    billedTo: row.billedTo,
    clinicName: row.clinicName,
    clinicAddress: row.clinicAddress,
    productCode: row.productCode,
    productTitle: row.productTitle,
    kind: payment.kind,
    // A paid charge always has its period.
    periodStart: payment.periodStart!.toISOString(),
    periodEnd: payment.periodEnd!.toISOString(),
    amountMinor: payment.amountMinor,
    currency: payment.currency,
    cardLast4: payment.cardLast4,
  };
}

export function receiptService({
  db,
  mails,
  publicUrl,
}: {
  db: Database;
  mails: MailQueue;
  publicUrl: string;
}): ReceiptService {
  return {
    async issue(tx, payment): Promise<void> {
      if (payment.status !== 'paid') return;
      const receipts = receiptRepository(tx);
      const snapshot = await receipts.findSnapshot(payment.seqManager, payment.seqProduct);
      if (!snapshot) throw new Error(`no clinician or plan for payment ${payment.seqPayment}`);
      const row = await receipts.insert({
        seqPayment: payment.seqPayment,
        seqManager: payment.seqManager,
        billedTo: fullName(snapshot),
        clinicName: snapshot.clinicName,
        clinicAddress: snapshot.clinicAddress,
        productCode: snapshot.productCode,
        productTitle: snapshot.productTitle,
        createdAt: payment.createdAt,
      });
      if (snapshot.deletedAt) return;
      await mails.enqueue(tx, [
        receiptMail({
          language: mailLanguageOf(snapshot),
          to: snapshot.email,
          name: fullName(snapshot),
          receipt: toReceipt(row, payment),
          link: `${publicUrl}/receipt?seqPayment=${payment.seqPayment}`,
        }),
      ]);
    },

    async get(principal, seqPayment): Promise<Receipt> {
      const found = await receiptRepository(db).findForManager(seqPayment, principal.seqManager);
      if (!found) throw notFound();
      return toReceipt(found.receipt, found.payment);
    },
  };
}
