import type { ConditionEntry, PatientSummary } from '@clinic/contract';
import { imageUrlOf, type RelationListRow } from '../shared/index.ts';
import type { StatusRow } from './patient.repository.ts';

/** Whole years between a birth date and a day (both YYYY-MM-DD). */
export function ageOn(birthDate: string, today: string): number {
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  const [birthYear, birthMonth, birthDay] = birthDate.split('-').map(Number) as [number, number, number];
  const hadBirthday = month > birthMonth || (month === birthMonth && day >= birthDay);
  return Math.max(0, year - birthYear - (hadBirthday ? 0 : 1));
}

export function toSummary(
  row: RelationListRow,
  today: string,
  reservedSchedules: PatientSummary['reservedSchedules'] = [],
): PatientSummary {
  return {
    seqPatient: row.seqPatient,
    seqMedicalRelation: row.seqMedicalRelation,
    patientName: row.patientName,
    patientEmail: row.patientEmail,
    patientInfoBirth: row.birthDate,
    patientInfoGender: row.gender,
    patientAge: ageOn(row.birthDate, today),
    deviceType: row.deviceType === 2 ? 2 : 1,
    isEnabled: row.isEnabled,
    isAppMember: row.isAppMember,
    heightCm: row.heightCm,
    weightKg: row.weightKg,
    imageUrl: imageUrlOf(row.imageUploadId),
    categoryIds: row.categoryIds,
    primaryDiagnosis: row.primaryDiagnosis,
    createdAt: row.createdAt.toISOString(),
    reservedSchedules,
  };
}

export function toConditionEntry(row: StatusRow): ConditionEntry {
  return {
    seqPatientStatus: row.seqPatientStatus,
    seqMedicalRelation: row.seqMedicalRelation,
    recordedAt: row.recordedAt.toISOString(),
    primaryDiagnosis: row.primaryDiagnosis,
    secondaryDiagnosis: row.secondaryDiagnosis,
    onsetDate: row.onsetDate,
    onsetKind: row.onsetKind,
    onsetPeriod: row.onsetPeriod,
    durationMonths: row.durationMonths,
    brainLesion: row.brainLesion,
    paralysisPart: row.paralysisPart,
    paralysisPosition: row.paralysisPosition,
    joint: row.joint,
    infection: row.infection,
    medication: row.medication,
    dose: row.dose,
    mmt: row.mmt as ConditionEntry['mmt'],
    mrs: row.mrs as ConditionEntry['mrs'],
    chiefComplaint: row.chiefComplaint,
  };
}
