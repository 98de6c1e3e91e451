import { useCallback } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useMyPatients, type MyPatients } from '../../../shared/api/my-patients.ts';
import { countActive, toPatientRows, type PatientRow } from '../patient-list.ts';

/** The list as its screen shows it: rows formatted once per reply and language. */
interface PatientListData {
  rows: PatientRow[];
  active: number;
  activeLimit: number;
}

export function usePatientListData(language: string): UseQueryResult<PatientListData> {
  const select = useCallback(
    (data: MyPatients): PatientListData => ({
      rows: toPatientRows(data.patientList, language),
      active: countActive(data.patientList),
      activeLimit: data.activeLimit,
    }),
    [language],
  );
  return useMyPatients(select);
}
