import { Anchor, Stack } from '@mantine/core';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { segments } from '../../config/paths.ts';
import { RomChartPanel } from '../../features/exercises/components/rom-chart-panel.tsx';
import { useChartPeriod } from '../../features/exercises/hooks/use-chart-period.ts';
import { MonitoringPanel } from '../../features/monitoring-billing/components/monitoring-panel.tsx';
import { LatestNotes } from '../../features/notes/components/note-board.tsx';
import { QuestionnairesPanel } from '../../features/questionnaires/components/questionnaires-panel.tsx';
import { PatientOverview } from '../../features/patients/components/patient-overview.tsx';
import { patientDetailsPath } from '../../features/patients/components/patient-table.tsx';
import { usePatientContext } from './patient-details.tsx';

/** Dashboard tab: profile, latest condition, today's visits (when there are any), the ROM chart, the remote monitoring, the questionnaires and the latest notes. */
export function Component(): ReactElement {
  const { t } = useTranslation();
  const location = useLocation();
  const { seqMedicalRelation, detail } = usePatientContext();
  const chartPeriod = useChartPeriod({ fromAddress: false });
  return (
    <Stack gap="lg">
      <PatientOverview detail={detail} />
      <RomChartPanel
        seqMedicalRelation={seqMedicalRelation}
        deviceType={detail.patient.deviceType}
        period={chartPeriod}
        compact
      />
      <MonitoringPanel seqMedicalRelation={seqMedicalRelation} />
      <QuestionnairesPanel
        seqMedicalRelation={seqMedicalRelation}
        isAppMember={detail.patient.isAppMember}
        patientLanguage={undefined}
      />
      <LatestNotes
        seqMedicalRelation={seqMedicalRelation}
        moreLink={
          <Anchor
            component={Link}
            size="sm"
            to={patientDetailsPath(seqMedicalRelation, location.search, segments.patientDetailsNote)}
          >
            {t('notes.all')}
          </Anchor>
        }
      />
    </Stack>
  );
}
