import {
  addMonitoringTime,
  getMonitoringSheet,
  getPatientMonitoring,
  removeMonitoringTime,
  setMonitoringStart,
} from '@clinic/contract';
import { ok, principalOf, route, type Route } from '../../http/route.ts';
import type { MonitoringBillingService } from './monitoring-billing.service.ts';

export function monitoringBillingRoutes(monitoring: MonitoringBillingService): Route[] {
  return [
    route(getPatientMonitoring, async (body, context) => ({
      ...ok,
      monitoring: await monitoring.patient(principalOf(context), body.seqMedicalRelation, body.month, context),
    })),
    route(addMonitoringTime, async (body, context) => ({
      ...ok,
      entry: await monitoring.add(principalOf(context), body, context),
    })),
    route(removeMonitoringTime, async (body, context) => {
      await monitoring.remove(principalOf(context), body.seqMonitoringTime, context);
      return ok;
    }),
    route(setMonitoringStart, async (body, context) => {
      await monitoring.setStart(principalOf(context), body.seqMedicalRelation, body.startDate, context);
      return ok;
    }),
    route(getMonitoringSheet, async (body, context) => ({
      ...ok,
      ...(await monitoring.sheet(principalOf(context), body.month, context)),
    })),
  ];
}
