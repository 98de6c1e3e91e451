import type { PatientListItem } from '@clinic/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { useMyPatients, type MyPatients } from '../../../shared/api/my-patients.ts';

function activeByName(data: MyPatients): PatientListItem[] {
  return data.patientList
    .filter((patient) => patient.isEnabled)
    .sort((left, right) => left.patientName.localeCompare(right.patientName));
}

/** The clinician's active patients, the ones a visit can be booked with, by name. */
export function useSchedulePatients(): UseQueryResult<PatientListItem[]> {
  return useMyPatients(activeByName);
}
