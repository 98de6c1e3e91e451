import { addMonitoringConsent, getMonitoringConsent, withdrawMonitoringConsent } from '@clinic/contract';
import { ok, principalOf, route, type Route } from '../../http/route.ts';
import type { MonitoringConsentService } from './monitoring-consent.service.ts';

export function monitoringConsentRoutes(consents: MonitoringConsentService): Route[] {
  return [
    route(getMonitoringConsent, async (body, context) => ({
      ...ok,
      ...(await consents.get(principalOf(context), body.seqMedicalRelation, context)),
    })),
    route(addMonitoringConsent, async (body, context) => ({
      ...ok,
      consent: await consents.add(principalOf(context), body, context),
    })),
    route(withdrawMonitoringConsent, async (body, context) => ({
      ...ok,
      consent: await consents.withdraw(principalOf(context), body, context),
    })),
  ];
}
