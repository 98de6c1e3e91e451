import { getReceipt } from '@clinic/contract';
import { ok, principalOf, route, type Route } from '../../http/route.ts';
import type { ReceiptService } from './receipt.service.ts';

export function receiptRoutes(receipts: ReceiptService): Route[] {
  return [
    route(getReceipt, async (body, context) => ({
      ...ok,
      receipt: await receipts.get(principalOf(context), body.seqPayment),
    })),
  ];
}
