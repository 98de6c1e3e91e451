import {
  changeRenewal,
  changeSubscription,
  checkout,
  getMyPurchaseHistory,
  getMyPurchaseSummary,
  getProductList,
  getSubscriptionStatus,
  updatePaymentMethod,
  updatePenaltyInfo,
} from '@clinic/contract';
import { ok, principalOf, route, type Route } from '../../http/route.ts';
import type { PaymentService } from './payment.service.ts';

export function paymentRoutes(payments: PaymentService): Route[] {
  return [
    route(getProductList, async (_body, context) => {
      principalOf(context);
      return { ...ok, productList: await payments.products() };
    }),
    route(checkout, async (body, context) => ({
      ...ok,
      ...(await payments.checkout(principalOf(context), body, context)),
    })),
    route(getMyPurchaseSummary, async (_body, context) => ({
      ...ok,
      ...(await payments.summary(principalOf(context))),
    })),
    route(getMyPurchaseHistory, async (body, context) => ({
      ...ok,
      ...(await payments.history(principalOf(context), body.page, body.size)),
    })),
    route(getSubscriptionStatus, async (_body, context) => ({
      ...ok,
      subscription: await payments.status(principalOf(context)),
    })),
    route(updatePaymentMethod, async (body, context) => ({
      ...ok,
      ...(await payments.updateCard(principalOf(context), body, context)),
    })),
    route(changeSubscription, async (body, context) => ({
      ...ok,
      subscription: await payments.changePlan(principalOf(context), body.seqProduct, context),
    })),
    route(changeRenewal, async (body, context) => ({
      ...ok,
      subscription: await payments.changeRenewal(principalOf(context), body.cancelAtPeriodEnd, context),
    })),
    route(updatePenaltyInfo, async (body, context) => ({
      ...ok,
      penalty: await payments.recordPenaltyChoice(principalOf(context), body.choice),
    })),
  ];
}
