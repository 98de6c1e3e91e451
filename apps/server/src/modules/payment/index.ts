export { type PaymentGateway, sandboxGateway } from './gateway.ts';
export { paymentRepository } from './payment.repository.ts';
export { paymentRoutes } from './payment.routes.ts';
export { paymentService, renewalJob, subscriptionPlanLimits, whilePaymentsLocked } from './payment.service.ts';
export { stripeGateway } from './stripe-gateway.ts';
