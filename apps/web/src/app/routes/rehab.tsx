import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { segments } from '../../config/paths.ts';
import { AllExercises } from '../../features/exercises/components/all-exercises.tsx';
import { patientDetailsPath } from '../../features/patients/components/patient-table.tsx';
import { useDocumentTitle } from '../../shared/ui/use-document-title.ts';

/** `/rehab`: exercise management across all patients; each row leads to the patient's rehab tab. */
export function Component(): ReactElement {
  const { t } = useTranslation();
  const location = useLocation();
  useDocumentTitle(t('exercises.allTitle'));
  return (
    <AllExercises
      linkOf={(exercise) =>
        patientDetailsPath(exercise.seqMedicalRelation, location.search, segments.patientDetailsRehab)
      }
    />
  );
}
