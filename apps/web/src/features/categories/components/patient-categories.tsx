import { rules } from '@clinic/contract';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { MultiSelectField } from '../../../shared/forms/multi-select-field.tsx';
import { showSuccess } from '../../../shared/notices/banners.ts';
import { useCategories, useSetPatientCategories } from '../api/categories.ts';

function sameIds(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && [...a].sort().every((value, index) => value === [...b].sort()[index]);
}

/** The categories of one patient, as tags; saved with one call. */
export function PatientCategories({
  seqMedicalRelation,
  categoryIds,
}: {
  seqMedicalRelation: number;
  categoryIds: readonly number[];
}): ReactElement {
  const { t } = useTranslation();
  const categories = useCategories();
  const assign = useSetPatientCategories();
  const [chosen, setChosen] = useState<string[]>(() => categoryIds.map(String));
  const changed = !sameIds(chosen.map(Number), categoryIds);

  const save = async (): Promise<void> => {
    try {
      await assign.mutateAsync({ seqMedicalRelation, categoryIds: chosen.map(Number) });
      showSuccess(t('categories.assigned'));
    } catch {
      // The banner of the HTTP client has said what went wrong.
    }
  };

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="patient-categories-heading">
      <Stack gap="sm">
        <Title order={3} id="patient-categories-heading">
          {t('categories.patientTitle')}
        </Title>
        {categories.data?.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('categories.noneYet')}
          </Text>
        ) : (
          <MultiSelectField
            label={t('categories.patientField')}
            options={(categories.data ?? []).map((category) => ({
              value: String(category.seqCategory),
              label: category.categoryName,
            }))}
            value={chosen}
            onChange={setChosen}
            maxValues={rules.categoriesMax}
            placeholder={t('categories.choose')}
            disabled={categories.isPending}
          />
        )}
        <Group>
          <Button onClick={() => void save()} loading={assign.isPending} disabled={!changed}>
            {t('categories.saveAssignment')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
