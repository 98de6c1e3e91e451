import type { ReactElement } from 'react';
import { SymptomReports } from '../../features/symptom-reports/components/symptom-reports.tsx';
import { usePatientContext } from './patient-details.tsx';

/** Symptom reports tab: what the patient sent from their app; another patient starts again on the first page. */
export function Component(): ReactElement {
  const { seqMedicalRelation } = usePatientContext();
  return <SymptomReports key={seqMedicalRelation} seqMedicalRelation={seqMedicalRelation} />;
}
