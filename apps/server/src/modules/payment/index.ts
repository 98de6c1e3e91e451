export { type PaymentGateway, sandboxGateway } from './gateway.ts';
export { paymentRoutes } from './payment.routes.ts';
export { whilePaymentsLocked } from './payment-lock.ts';
export { endSubscriptionOfDeletedAccount, paymentService, type PaymentService } from './payment.service.ts';
export { subscriptionPlanLimits } from './plan-limits.ts';
export { renewalJob } from './renewal-job.ts';
export { stripeGateway } from './stripe-gateway.ts';
