export { type PaymentGateway, sandboxGateway } from './gateway.ts';
export { paymentRepository } from './payment.repository.ts';
export { paymentRoutes } from './payment.routes.ts';
export { whilePaymentsLocked } from './payment-lock.ts';
export { paymentService, type PaymentService } from './payment.service.ts';
export { subscriptionPlanLimits } from './plan-limits.ts';
export { renewalJob } from './renewal-job.ts';
export { stripeGateway } from './stripe-gateway.ts';
