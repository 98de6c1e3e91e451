import type { ReactElement } from 'react';
import { MedicalRecord } from '../../features/patients/components/medical-record.tsx';
import { usePatientContext } from './patient-details.tsx';

/** Medical record tab: condition entries and notes as one chronological record. */
export function Component(): ReactElement {
  const { seqMedicalRelation } = usePatientContext();
  return <MedicalRecord seqMedicalRelation={seqMedicalRelation} />;
}
