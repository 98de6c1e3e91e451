export { monitoringJob } from './monitoring-job.ts';
export { monitoringRoutes } from './monitoring.routes.ts';
export { type MonitoringService, monitoringService } from './monitoring.service.ts';
