import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { appUser, manager, payment, product, receipt } from '../../db/schema.ts';

export type ReceiptRow = typeof receipt.$inferSelect;
export type PaymentRow = typeof payment.$inferSelect;

export interface ReceiptRepository {
  /** What a receipt keeps of the clinician and the plan now, and where its mail goes (none once the account is deleted). */
  findSnapshot(
    seqManager: number,
    seqProduct: number,
  ): Promise<
    | {
        firstName: string;
        lastName: string;
        clinicName: string | null;
        clinicAddress: string | null;
        productCode: string;
        productTitle: string;
        email: string;
        language: string;
        deletedAt: Date | null;
      }
    | undefined
  >;
  insert(row: Omit<typeof receipt.$inferInsert, 'seqReceipt'>): Promise<ReceiptRow>;
  /** The receipt of a payment of this clinician, with the payment. */
  findForManager(
    seqPayment: number,
    seqManager: number,
  ): Promise<{ receipt: ReceiptRow; payment: PaymentRow } | undefined>;
}

export function receiptRepository(db: Database): ReceiptRepository {
  return {
    async findSnapshot(seqManager: number, seqProduct: number) {
      const [row] = await db
        .select({
          firstName: manager.firstName,
          lastName: manager.lastName,
          clinicName: manager.clinicName,
          clinicAddress: manager.clinicAddress,
          productCode: product.code,
          productTitle: product.title,
          email: appUser.userEmail,
          language: appUser.language,
          deletedAt: appUser.deletedAt,
        })
        .from(manager)
        .innerJoin(appUser, eq(appUser.seqUser, manager.seqUser))
        .innerJoin(product, eq(product.seqProduct, seqProduct))
        .where(eq(manager.seqManager, seqManager));
      return row;
    },

    async insert(row) {
      const [inserted] = await db.insert(receipt).values(row).returning();
      return inserted!;
    },

    async findForManager(seqPayment: number, seqManager: number) {
      const [row] = await db
        .select({ receipt, payment })
        .from(receipt)
        .innerJoin(payment, eq(payment.seqPayment, receipt.seqPayment))
        .where(and(eq(receipt.seqPayment, seqPayment), eq(receipt.seqManager, seqManager)));
      return row;
    },
  };
}
