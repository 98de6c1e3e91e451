export { monitoringJob } from './monitoring-job.ts';
export { monitoringRoutes } from './monitoring.routes.ts';
export { type MonitoringService, monitoringService } from './monitoring.service.ts';
export { monitoringTimeRoutes } from './monitoring-time.routes.ts';
export { type MonitoringTimeService, monitoringTimeService } from './monitoring-time.service.ts';
