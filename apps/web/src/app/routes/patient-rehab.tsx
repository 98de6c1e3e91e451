import type { ReactElement } from 'react';
import { PatientExercises } from '../../features/exercises/components/patient-exercises.tsx';
import { usePatientContext } from './patient-details.tsx';

/** Rehab tab: the patient's prescriptions for the patient's device. */
export function Component(): ReactElement {
  const { seqMedicalRelation, detail } = usePatientContext();
  return <PatientExercises seqMedicalRelation={seqMedicalRelation} deviceType={detail.patient.deviceType} />;
}
