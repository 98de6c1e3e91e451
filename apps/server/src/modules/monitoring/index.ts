export { monitoringJob } from './monitoring-job.ts';
export { monitoringRoutes } from './monitoring.routes.ts';
export { type MonitoringService, monitoringService } from './monitoring.service.ts';
export { monitoringBillingRoutes } from './monitoring-billing.routes.ts';
export { type MonitoringBillingService, monitoringBillingService } from './monitoring-billing.service.ts';
