import {
  changeRenewal,
  changeSubscription,
  checkout,
  completePayment,
  getMyPurchaseHistory,
  getPaymentProcessor,
  getPendingPayment,
  getMyPurchaseSummary,
  getProductList,
  getSubscriptionStatus,
  updatePaymentMethod,
  updatePenaltyInfo,
} from '@clinic/contract';
import type { FastifyInstance } from 'fastify';
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
    route(completePayment, async (body, context) => ({
      ...ok,
      ...(await payments.completeIntent(principalOf(context), body.intentId, context)),
    })),
    route(getPaymentProcessor, (_body, context) => {
      principalOf(context);
      return Promise.resolve({ ...ok, ...payments.processor() });
    }),
    route(getPendingPayment, async (_body, context) => ({
      ...ok,
      pending: await payments.pendingPayment(principalOf(context)),
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

/** Where the processor's answer to a webhook event tells it to stop, or to deliver the event again later. */
const webhookStatus = { handled: 200, refused: 400, retry: 503 } as const;

/**
 * The processor's webhook endpoint (Stripe's format, not our contract): the body is read as the
 * text that was signed, since the signature covers its exact bytes.
 */
export async function paymentWebhookRoute(app: FastifyInstance, payments: PaymentService): Promise<void> {
  await app.register((scope, _options, done) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, parsed) =>
      parsed(null, body),
    );
    scope.post('/api/payment/webhook', async (request, reply) => {
      const signature = request.headers['stripe-signature'];
      const outcome =
        typeof request.body === 'string' && typeof signature === 'string'
          ? await payments.receiveEvent(request.body, signature, {
              ip: request.ip,
              userAgent: request.headers['user-agent'],
              requestId: request.id,
            })
          : 'refused';
      return reply.status(webhookStatus[outcome]).send({ received: outcome === 'handled' });
    });
    done();
  });
}
