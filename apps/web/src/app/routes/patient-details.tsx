import { Alert, Anchor, Group, Loader, Stack, Tabs, Title } from '@mantine/core';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate, useOutletContext, useSearchParams } from 'react-router';
import { paths, segments } from '../../config/paths.ts';
import { usePatientDetail, type PatientDetail } from '../../features/patients/api/get-patient-detail.ts';
import { patientDetailsPath } from '../../features/patients/components/patient-table.tsx';
import { isApiError } from '@clinic/client/api-error';
import { withLangQuery } from '../../shared/i18n/language.ts';
import { useDocumentTitle } from '../../shared/ui/use-document-title.ts';
import { LoadFailed } from '../../shared/ui/load-failed.tsx';

export interface PatientContext {
  seqMedicalRelation: number;
  detail: PatientDetail;
}

/** The patient of the details screen, for its tabs. */
export function usePatientContext(): PatientContext {
  return useOutletContext<PatientContext>();
}

/** The dashboard is the index route (no segment); the tabs need a value of their own for it. */
const dashboardTab = 'dashboard';

const tabs = [
  { segment: '', labelKey: 'patientDetails.tabs.dashboard' },
  { segment: segments.patientDetailsInfo, labelKey: 'patientDetails.tabs.info' },
  { segment: segments.patientDetailsCondition, labelKey: 'patientDetails.tabs.condition' },
  { segment: segments.patientDetailsNote, labelKey: 'patientDetails.tabs.note' },
  { segment: segments.patientDetailsRemote, labelKey: 'patientDetails.tabs.remote' },
  { segment: segments.patientDetailsRehab, labelKey: 'patientDetails.tabs.rehab' },
  { segment: segments.patientDetailsHistory, labelKey: 'patientDetails.tabs.history' },
  { segment: segments.patientDetailsSymptoms, labelKey: 'patientDetails.tabs.symptoms' },
  { segment: segments.patientDetailsMessages, labelKey: 'patientDetails.tabs.messages' },
  { segment: segments.patientDetailsReport, labelKey: 'patientDetails.tabs.report' },
  { segment: segments.patientDetailsRecord, labelKey: 'patientDetails.tabs.record' },
  { segment: segments.patientDetailsCategories, labelKey: 'patientDetails.tabs.categories' },
] as const;

function tabOf(pathname: string): string {
  const rest = pathname.replace(/\/+$/, '').slice(paths.patientDetails.length).replace(/^\//, '');
  return tabs.some((tab) => tab.segment === rest) ? rest : '';
}

/** `/patientList/details?id=`: the patient's name, the tabs built so far and the open tab. */
export function Component(): ReactElement {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const seqMedicalRelation = Number(params.get('id'));
  const valid = Number.isInteger(seqMedicalRelation) && seqMedicalRelation > 0;
  const detail = usePatientDetail(valid ? seqMedicalRelation : 0, valid);
  const current = tabOf(location.pathname);
  const currentTab = tabs.find((tab) => tab.segment === current) ?? tabs[0];
  useDocumentTitle(
    detail.data ? `${detail.data.patient.patientName} · ${t(currentTab.labelKey)}` : t('patientDetails.title'),
  );

  const back = (
    <Anchor component={Link} to={withLangQuery(paths.patientList, location.search)} size="sm">
      ← {t('patientDetails.back')}
    </Anchor>
  );

  if (!valid || (detail.isError && isApiError(detail.error) && detail.error.status === 404)) {
    return (
      <Stack gap="md" maw={560}>
        {back}
        <Alert color="orange" title={t('patientDetails.notFoundTitle')}>
          {t('patientDetails.notFound')}
        </Alert>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      {back}
      <Group justify="space-between">
        <Title order={2}>{detail.data?.patient.patientName ?? t('patientDetails.title')}</Title>
      </Group>
      <Tabs
        value={current || dashboardTab}
        onChange={(value) =>
          void navigate(
            patientDetailsPath(seqMedicalRelation, location.search, value === dashboardTab ? '' : (value ?? '')),
          )
        }
        activateTabWithKeyboard
      >
        <Tabs.List>
          {tabs.map((tab) => (
            <Tabs.Tab key={tab.segment} value={tab.segment || dashboardTab}>
              {t(tab.labelKey)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {detail.isPending && <Loader role="status" aria-label={t('common.loading')} />}
      {detail.isError && <LoadFailed onRetry={() => void detail.refetch()} />}
      {detail.data && (
        <div role="tabpanel" aria-label={t(currentTab.labelKey)}>
          <Outlet context={{ seqMedicalRelation, detail: detail.data } satisfies PatientContext} />
        </div>
      )}
    </Stack>
  );
}
