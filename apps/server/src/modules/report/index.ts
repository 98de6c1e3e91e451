export { reportRoutes } from './report.routes.ts';
export { reportService, type ReportService } from './report.service.ts';
