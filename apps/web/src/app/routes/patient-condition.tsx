import type { ReactElement } from 'react';
import { ConditionHistory } from '../../features/patients/components/condition-history.tsx';
import { usePatientContext } from './patient-details.tsx';

/** Condition tab (SPEC 2 "Patient tabs"): the condition entries, added and removed here. */
export function Component(): ReactElement {
  const { seqMedicalRelation } = usePatientContext();
  return <ConditionHistory seqMedicalRelation={seqMedicalRelation} />;
}
