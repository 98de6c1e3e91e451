export { monitoringJob } from './monitoring-job.ts';
export { monitoringRoutes } from './monitoring.routes.ts';
export { type MonitoringService, monitoringService } from './monitoring.service.ts';
export { monitoringBillingRoutes } from './monitoring-billing.routes.ts';
export { type MonitoringBillingService, monitoringBillingService } from './monitoring-billing.service.ts';
export { monitoringConsentRoutes } from './monitoring-consent.routes.ts';
export { type MonitoringConsentService, monitoringConsentService } from './monitoring-consent.service.ts';
