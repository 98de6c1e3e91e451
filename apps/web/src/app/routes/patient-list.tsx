import { Button, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { lazy, Suspense, useCallback, useDeferredValue, useMemo, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { patientDetailsPath } from '../../config/paths.ts';
import { useCategories } from '../../features/categories/api/categories.ts';
import { useUnreadByPatient } from '../../features/messages/api/messages.ts';
import { usePatientListData } from '../../features/patients/api/get-my-patients.ts';
import { PatientTable } from '../../features/patients/components/patient-table.tsx';
import { PlanUpgradeModal } from '../../features/patients/components/plan-upgrade-modal.tsx';
import { MonitoringSheetButton } from '../../features/monitoring-billing/components/monitoring-sheet-button.tsx';
import { RecordsExportButton } from '../../features/reports/components/records-export-button.tsx';
import {
  defaultSort,
  isPatientSortKey,
  isStatusFilter,
  patientListView,
  type PatientSort,
  type StatusFilter,
} from '../../features/patients/patient-list.ts';
import { PagedSelect } from '../../shared/forms/paged-select.tsx';
import { SelectField } from '../../shared/forms/select-field.tsx';
import { useDocumentTitle } from '../../shared/ui/use-document-title.ts';
import { LoadFailed } from '../../shared/ui/load-failed.tsx';
import { useOpenedOnce } from '../../shared/ui/use-opened-once.ts';

// The add dialog, with its date picker and search fields, loads when first opened.
const PatientAddModal = lazy(() =>
  import('../../features/patients/components/patient-add-modal.tsx').then((module) => ({
    default: module.PatientAddModal,
  })),
);

const replaceParams = { replace: true, preventScrollReset: true };

function withParams(params: URLSearchParams, changes: Record<string, string | null>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) next.delete(key);
    else next.set(key, value);
  }
  return next;
}

/** `/patientList`: every patient, searchable, sortable and filterable, with the patient-add modal. */
export function Component(): ReactElement {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const patients = usePatientListData(i18n.language);
  const categories = useCategories();
  const unread = useUnreadByPatient();
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const [adding, setAdding] = useState(false);
  const addMounted = useOpenedOnce(adding);
  const [planFull, setPlanFull] = useState(false);
  useDocumentTitle(t('patients.list.title'));

  const statusParam = params.get('status');
  const status: StatusFilter = isStatusFilter(statusParam) ? statusParam : 'all';
  const categoryParam = Number(params.get('category'));
  const categoryId = Number.isInteger(categoryParam) && categoryParam > 0 ? categoryParam : null;
  const sortParam = params.get('sort');
  const descending = params.get('dir') === 'desc';
  const sort: PatientSort = useMemo(
    () => (isPatientSortKey(sortParam) ? { key: sortParam, direction: descending ? 'desc' : 'asc' } : defaultSort),
    [sortParam, descending],
  );

  const setParam = (changes: Record<string, string | null>): void =>
    setParams(withParams(params, changes), replaceParams);

  const list = patients.data?.rows;
  const rows = useMemo(
    () => patientListView(list ?? [], { search: deferredSearch, status, categoryId }, sort, i18n.language),
    [list, deferredSearch, status, categoryId, sort, i18n.language],
  );
  const active = patients.data?.active ?? 0;
  const limit = patients.data?.activeLimit;
  const onSort = useCallback(
    (next: PatientSort) => setParams(withParams(params, { sort: next.key, dir: next.direction }), replaceParams),
    [params, setParams],
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2}>{t('patients.list.title')}</Title>
          {patients.data && (
            <Text size="sm" c="dimmed" data-testid="active-count">
              {limit
                ? t('patients.list.activeCount', { active, limit })
                : t('patients.list.activeCountUnlimited', { active })}
            </Text>
          )}
        </div>
        <Group gap="sm">
          <RecordsExportButton patients={rows} />
          <MonitoringSheetButton />
          <Button onClick={() => setAdding(true)}>{t('patients.add.open')}</Button>
        </Group>
      </Group>

      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label={t('patients.list.search')}
          placeholder={t('patients.list.searchPlaceholder')}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          type="search"
          w={300}
        />
        <SelectField
          label={t('patients.list.statusFilter')}
          allowEmpty={false}
          value={status}
          onChange={(value) => setParam({ status: value === 'all' ? null : value })}
          options={[
            { value: 'all', label: t('patients.list.statusAll') },
            { value: 'active', label: t('patients.list.statusActive') },
            { value: 'inactive', label: t('patients.list.statusInactive') },
          ]}
        />
        <PagedSelect
          label={t('patients.list.categoryFilter')}
          emptyLabel={t('patients.list.categoryAll')}
          options={(categories.data ?? []).map((category) => ({
            value: String(category.seqCategory),
            label: category.categoryName,
          }))}
          value={categoryId === null ? null : String(categoryId)}
          onChange={(value) => setParam({ category: value })}
        />
        {list && (
          <Text size="sm" c="dimmed" role="status" pb={6}>
            {t('patients.list.shown', { shown: rows.length, total: list.length })}
          </Text>
        )}
      </Group>

      {patients.isPending && <Loader role="status" aria-label={t('common.loading')} />}
      {patients.isError && <LoadFailed onRetry={() => void patients.refetch()} />}
      {list && <PatientTable patients={rows} sort={sort} onSort={onSort} unread={unread.data} />}

      {addMounted && (
        <Suspense fallback={null}>
          <PatientAddModal
            opened={adding}
            onClose={() => setAdding(false)}
            onPlanLimit={() => setPlanFull(true)}
            onAdded={(seq) => void navigate(patientDetailsPath(seq, window.location.search, 'info'))}
          />
        </Suspense>
      )}
      <PlanUpgradeModal opened={planFull} onClose={() => setPlanFull(false)} activeLimit={limit} />
    </Stack>
  );
}
