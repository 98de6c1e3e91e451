import type { ReactElement } from 'react';
import { PatientSchedules } from '../../features/schedules/components/patient-schedules.tsx';
import { usePatientContext } from './patient-details.tsx';

/** Remote tab: the patient's online visits and booking. */
export function Component(): ReactElement {
  const { seqMedicalRelation, detail } = usePatientContext();
  return <PatientSchedules seqMedicalRelation={seqMedicalRelation} isAppMember={detail.patient.isAppMember} />;
}
