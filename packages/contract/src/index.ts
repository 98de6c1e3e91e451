import * as accountSecurity from './account-security.ts';
import * as board from './board.ts';
import * as callGuests from './call-guest.ts';
import * as category from './category.ts';
import * as exercise from './exercise.ts';
import * as exerciseRecord from './exercise-record.ts';
import * as fhirClient from './fhir-client.ts';
import * as manager from './manager.ts';
import * as meeting from './meeting.ts';
import * as message from './message.ts';
import * as monitoring from './monitoring.ts';
import * as monitoringBilling from './monitoring-billing.ts';
import * as monitoringConsent from './monitoring-consent.ts';
import * as managerNote from './manager-note.ts';
import * as medicalRecord from './medical-record.ts';
import * as patient from './patient.ts';
import * as notification from './notification.ts';
import * as patientApp from './patient-app.ts';
import * as patientProgram from './patient-program.ts';
import * as questionnaire from './questionnaire.ts';
import * as payment from './payment.ts';
import * as receipt from './receipt.ts';
import * as report from './report.ts';
import * as schedule from './schedule.ts';
import * as passkey from './passkey.ts';
import * as secondFactor from './second-factor.ts';
import * as storage from './storage.ts';
import * as user from './user.ts';
import type { Endpoint } from './endpoint.ts';

export * from './endpoint.ts';
export * from './errors.ts';
export * from './fhir.ts';
export * from './fhir-client.ts';
export * from './messages/index.ts';
export * from './npi.ts';
export * from './rules.ts';
export * from './validation.ts';
export * from './user.ts';
export * from './second-step.ts';
export * from './second-factor.ts';
export * from './passkey.ts';
export * from './manager.ts';
export * from './patient.ts';
export * from './manager-note.ts';
export * from './category.ts';
export * from './storage.ts';
export * from './medical-record.ts';
export * from './patient-app.ts';
export * from './patient-program.ts';
export * from './exercise-rules.ts';
export * from './exercise.ts';
export * from './exercise-record.ts';
export * from './schedule-rules.ts';
export * from './schedule.ts';
export * from './notification.ts';
export * from './meeting.ts';
export * from './call-guest.ts';
export * from './message.ts';
export * from './report.ts';
export * from './payment.ts';
export * from './receipt.ts';
export * from './board.ts';
export * from './account-security.ts';
export * from './monitoring.ts';
export * from './monitoring-billing.ts';
export * from './outcome-measures/index.ts';
export * from './monitoring-consent.ts';
export * from './questionnaire.ts';

function endpointsOf(group: Record<string, unknown>): Endpoint[] {
  return Object.values(group).filter(
    (value): value is Endpoint => typeof value === 'object' && value !== null && 'path' in value && 'method' in value,
  );
}

/** Every endpoint of the API; the server registers exactly these. Pure: a screen using one schema bundles only that. */
export const endpoints: readonly Endpoint[] = /* @__PURE__ */ [
  user,
  accountSecurity,
  secondFactor,
  passkey,
  manager,
  patient,
  managerNote,
  category,
  storage,
  medicalRecord,
  patientApp,
  patientProgram,
  exercise,
  exerciseRecord,
  schedule,
  notification,
  meeting,
  callGuests,
  message,
  report,
  payment,
  receipt,
  board,
  monitoring,
  monitoringBilling,
  monitoringConsent,
  questionnaire,
  fhirClient,
].flatMap(endpointsOf);
