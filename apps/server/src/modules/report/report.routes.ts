import { getReport, getReportConditions, listReports, saveReport } from '@clinic/contract';
import { ok, principalOf, route, type Route } from '../../http/route.ts';
import type { ReportService } from './report.service.ts';

export function reportRoutes(reports: ReportService): Route[] {
  return [
    route(getReportConditions, async (body, context) => ({
      ...ok,
      ...(await reports.data(principalOf(context), body, context)),
    })),
    route(saveReport, async (body, context) => ({
      ...ok,
      report: await reports.save(principalOf(context), body, context),
    })),
    route(listReports, async (body, context) => ({
      ...ok,
      reportList: await reports.list(principalOf(context), body.seqMedicalRelation, context),
    })),
    route(getReport, async (body, context) => ({
      ...ok,
      report: await reports.get(principalOf(context), body.seqReport, context),
    })),
  ];
}
