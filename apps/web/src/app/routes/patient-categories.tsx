import { Stack } from '@mantine/core';
import type { ReactElement } from 'react';
import { CategoryManager } from '../../features/categories/components/category-manager.tsx';
import { PatientCategories } from '../../features/categories/components/patient-categories.tsx';
import { usePatientContext } from './patient-details.tsx';

/** Category management tab: the clinician's categories, and this patient's place in them. */
export function Component(): ReactElement {
  const { seqMedicalRelation, detail } = usePatientContext();
  return (
    <Stack gap="lg">
      <PatientCategories
        key={`${seqMedicalRelation}-${detail.patient.categoryIds.join(',')}`}
        seqMedicalRelation={seqMedicalRelation}
        categoryIds={detail.patient.categoryIds}
      />
      <CategoryManager />
    </Stack>
  );
}
