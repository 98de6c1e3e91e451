import {
  addPatient,
  addPatientNoAuth,
  appendPatientStatus,
  changeActivationStatus,
  getMedicalRecord,
  getMyPatients,
  getPatientDetail,
  getPatientStatusList,
  isPatientSyncAuthCodeValid,
  issueSyncAuthCode,
  removePatientStatus,
  updatePatientInfo,
} from '@clinic/contract';
import { ok, patientOf, principalOf, route, type Route } from '../../http/route.ts';
import type { MedicalRecordService } from './medical-record.service.ts';
import type { PatientService } from './patient.service.ts';

export function patientRoutes(patients: PatientService, records: MedicalRecordService): Route[] {
  return [
    route(getMyPatients, async (_body, context) => ({
      ...ok,
      ...(await patients.listMine(principalOf(context), context)),
    })),
    route(addPatient, async (body, context) => ({
      ...ok,
      ...(await patients.addWithCode(principalOf(context), body, context)),
    })),
    route(addPatientNoAuth, async (body, context) => ({
      ...ok,
      ...(await patients.addWithoutCode(principalOf(context), body, context)),
    })),
    route(isPatientSyncAuthCodeValid, async (body, context) => ({
      ...ok,
      patient: await patients.previewSyncCode(principalOf(context), body.patientSyncAuthCode, context),
    })),
    route(updatePatientInfo, async (body, context) => ({
      ...ok,
      patient: await patients.update(principalOf(context), body, context),
    })),
    route(changeActivationStatus, async (body, context) => {
      await patients.setActivation(principalOf(context), body.seqMedicalRelation, body.isEnabled, context);
      return ok;
    }),
    route(appendPatientStatus, async (body, context) => ({
      ...ok,
      status: await patients.appendStatus(principalOf(context), body.seqMedicalRelation, body.status, context),
    })),
    route(removePatientStatus, async (body, context) => {
      await patients.removeStatus(principalOf(context), body.seqPatientStatus, context);
      return ok;
    }),
    route(getPatientStatusList, async (body, context) => ({
      ...ok,
      statusList: await patients.listStatus(principalOf(context), body.seqMedicalRelation, context),
    })),
    route(getPatientDetail, async (body, context) => ({
      ...ok,
      ...(await patients.detail(principalOf(context), body.seqMedicalRelation, context)),
    })),
    route(getMedicalRecord, async (body, context) => ({
      ...ok,
      record: await records.read(principalOf(context), body.seqMedicalRelation, context),
    })),
    route(issueSyncAuthCode, async (_body, context) => ({
      ...ok,
      ...(await patients.issueSyncCode(patientOf(context).seqPatient)),
    })),
  ];
}
