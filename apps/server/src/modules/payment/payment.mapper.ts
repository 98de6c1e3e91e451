import type { Payment, Product } from '@clinic/contract';
import type { PaymentRow, ProductRow } from './payment.repository.ts';

export function toProduct(row: ProductRow): Product {
  return {
    seqProduct: row.seqProduct,
    productCode: row.code,
    defaultProductTitle: row.title,
    defaultProductSubTitle: row.subtitle,
    productPatientProfileLimit: row.patientLimit,
    priceMinor: row.priceMinor,
    currency: row.currency,
  };
}

export function toPayment(row: PaymentRow, productTitle: string): Payment {
  return {
    seqPayment: row.seqPayment,
    productTitle,
    amountMinor: row.amountMinor,
    currency: row.currency,
    status: row.status,
    kind: row.kind,
    periodStart: row.periodStart?.toISOString() ?? null,
    periodEnd: row.periodEnd?.toISOString() ?? null,
    cardLast4: row.cardLast4,
    createdAt: row.createdAt.toISOString(),
  };
}
