export { receiptRoutes } from './receipt.routes.ts';
export { receiptService, type ReceiptService } from './receipt.service.ts';
