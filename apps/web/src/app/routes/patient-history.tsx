import type { ReactElement } from 'react';
import { PatientHistory } from '../../features/exercises/components/patient-history.tsx';
import { QuestionnaireScores } from '../../features/questionnaires/components/questionnaire-scores.tsx';
import { usePatientContext } from './patient-details.tsx';

/** History tab: the ROM chart, the questionnaire scores on its days, the device records and the records of each prescription. */
export function Component(): ReactElement {
  const { seqMedicalRelation, detail } = usePatientContext();
  return (
    <PatientHistory
      seqMedicalRelation={seqMedicalRelation}
      deviceType={detail.patient.deviceType}
      belowChart={(span) => <QuestionnaireScores seqMedicalRelation={seqMedicalRelation} span={span} />}
    />
  );
}
