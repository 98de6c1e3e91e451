export { type PaymentGateway, stripeGateway } from './gateway.ts';
export { paymentRoutes, paymentWebhookRoute } from './payment.routes.ts';
export { whilePaymentsLocked } from './payment-lock.ts';
export { endSubscriptionOfDeletedAccount, paymentService, type PaymentService } from './payment.service.ts';
export { subscriptionPlanLimits } from './plan-limits.ts';
export { renewalJob } from './renewal-job.ts';
export { startSandboxProcessor, type SandboxProcessor } from './sandbox-processor.ts';
export { sandboxInBrowser, stripeInBrowser, type ProcessorInBrowser } from './processor-browser.ts';
