import { Stack } from '@mantine/core';
import type { ReactElement } from 'react';
import { PatientCategories } from '../../features/categories/components/patient-categories.tsx';
import { useKnownActiveLimit } from '../../shared/api/my-patients.ts';
import { ActivationControl } from '../../features/patients/components/activation-control.tsx';
import { PatientProfileForm } from '../../features/patients/components/patient-profile-form.tsx';
import { usePatientContext } from './patient-details.tsx';

/** Info tab: profile with image, activation and categories (the condition has a tab of its own). */
export function Component(): ReactElement {
  const { seqMedicalRelation, detail } = usePatientContext();
  const activeLimit = useKnownActiveLimit();
  const patient = detail.patient;
  return (
    <Stack gap="lg">
      <PatientProfileForm key={`${seqMedicalRelation}-${patient.imageUrl ?? ''}`} patient={patient} />
      <ActivationControl patient={patient} activeLimit={activeLimit} />
      <PatientCategories
        key={`${seqMedicalRelation}-${patient.categoryIds.join(',')}`}
        seqMedicalRelation={seqMedicalRelation}
        categoryIds={patient.categoryIds}
      />
    </Stack>
  );
}
