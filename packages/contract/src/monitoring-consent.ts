import { z } from 'zod';
import { defineEndpoint, reply, success } from './endpoint.ts';
import { FailedCode } from './errors.ts';
import { dateField, idField } from './validation.ts';

const tag = 'monitoringConsent';

/** How a patient gave their consent to remote monitoring. */
export const consentMethods = ['written', 'verbal', 'electronic'] as const;
export type ConsentMethod = (typeof consentMethods)[number];

/** The days a consent covers: from the day it was given up to the day before its withdrawal. */
export interface ConsentSpan {
  givenOn: string;
  withdrawnOn: string | null;
}

/** Whether a consent was in force on a calendar day (`YYYY-MM-DD`): a withdrawal takes effect on its day. */
export function consentInForceOn(consents: readonly ConsentSpan[], date: string): boolean {
  return consents.some(
    (consent) => consent.givenOn <= date && (consent.withdrawnOn === null || date < consent.withdrawnOn),
  );
}

/** A consent to remote monitoring as recorded on the patient: given, and withdrawn once it no longer holds. */
export const monitoringConsent = z.lazy(() =>
  z.object({
    seqMonitoringConsent: z.number().int(),
    givenOn: z.string(),
    method: z.enum(consentMethods),
    /**
     * The clinician who recorded it: the one who obtained it from the patient (or the patient's
     * legal representative) and answers for it (docs/decisions/0013-remote-monitoring.md).
     */
    recordedBy: z.string(),
    recordedAt: z.string(),
    withdrawnOn: z.string().nullable(),
    /** The clinician who recorded the withdrawal; null while it is in force. */
    withdrawnBy: z.string().nullable(),
  }),
);
export type MonitoringConsent = z.infer<typeof monitoringConsent>;

export const getMonitoringConsent = defineEndpoint({
  method: 'POST',
  path: '/monitoringConsent/get',
  access: 'manager',
  audit: { action: 'read', entity: 'monitoring_consent' },
  tag,
  summary: "The patient's consent to remote monitoring in force, if any, and every consent recorded, newest first",
  get request() {
    return z.object({ seqMedicalRelation: idField });
  },
  get reply() {
    return success({ current: monitoringConsent.nullable(), history: z.array(monitoringConsent) });
  },
});

export const addMonitoringConsent = defineEndpoint({
  method: 'POST',
  path: '/monitoringConsent/add',
  access: 'manager',
  audit: { action: 'create', entity: 'monitoring_consent' },
  tag,
  summary:
    "Records the patient's consent to remote monitoring: the day it was given (not in the future, " +
    'not before an earlier withdrawal) and how',
  get request() {
    return z.object({
      seqMedicalRelation: idField,
      givenOn: dateField,
      method: z.enum(consentMethods, { error: 'validation.consent_method' }),
    });
  },
  get reply() {
    return reply({ consent: monitoringConsent }, [FailedCode.ConsentInForce]);
  },
});

export const withdrawMonitoringConsent = defineEndpoint({
  method: 'PUT',
  path: '/monitoringConsent/withdraw',
  access: 'manager',
  audit: { action: 'update', entity: 'monitoring_consent' },
  tag,
  summary:
    'Records the withdrawal of a consent in force, from the given day (not in the future, not before it was given)',
  get request() {
    return z.object({ seqMonitoringConsent: idField, withdrawnOn: dateField });
  },
  get reply() {
    return reply({ consent: monitoringConsent }, [FailedCode.ConsentNotInForce]);
  },
});
