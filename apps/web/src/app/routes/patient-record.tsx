import type { ReactElement } from 'react';
import { MedicalRecord } from '../../features/patients/components/medical-record.tsx';
import { VisitFacts } from '../../features/schedules/components/visit-facts.tsx';
import { usePatientContext } from './patient-details.tsx';

/** Medical record tab: condition entries, notes and visits as one chronological record. */
export function Component(): ReactElement {
  const { seqMedicalRelation } = usePatientContext();
  return (
    <MedicalRecord seqMedicalRelation={seqMedicalRelation} renderVisit={(visit) => <VisitFacts visit={visit} />} />
  );
}
