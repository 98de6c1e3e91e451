import {
  acknowledgeMonitoringAlert,
  getMonitoringSettings,
  listMonitoringAlerts,
  saveMonitoringSettings,
  snoozeMonitoringAlert,
} from '@clinic/contract';
import { ok, principalOf, route, type Route } from '../../http/route.ts';
import type { MonitoringService } from './monitoring.service.ts';

export function monitoringRoutes(monitoring: MonitoringService): Route[] {
  return [
    route(getMonitoringSettings, async (_body, context) => ({
      ...ok,
      settings: await monitoring.settings(principalOf(context)),
    })),
    route(saveMonitoringSettings, async (body, context) => ({
      ...ok,
      settings: await monitoring.saveSettings(principalOf(context), body),
    })),
    route(listMonitoringAlerts, async (_body, context) => ({
      ...ok,
      alertList: await monitoring.needingAttention(principalOf(context), context),
    })),
    route(acknowledgeMonitoringAlert, async (body, context) => ({
      ...ok,
      alert: await monitoring.acknowledge(principalOf(context), body.seqMonitoringAlert, body.note, context),
    })),
    route(snoozeMonitoringAlert, async (body, context) => ({
      ...ok,
      alert: await monitoring.snooze(principalOf(context), body.seqMonitoringAlert, body.days, context),
    })),
  ];
}
