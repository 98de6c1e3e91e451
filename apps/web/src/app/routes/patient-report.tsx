import type { ConditionEntry } from '@clinic/contract';
import { useCallback, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { ReportScreen } from '../../features/reports/components/report-screen.tsx';
import { conditionFacts } from '../../features/patients/condition-labels.ts';
import { formatDate } from '../../shared/dates/date-format.ts';
import { usePatientContext } from './patient-details.tsx';

/** Report tab: a report of a period (ROM monitoring, conditions, adherence, device days), kept reports, print and Excel. */
export function Component(): ReactElement {
  const { t, i18n } = useTranslation();
  const { seqMedicalRelation, detail } = usePatientContext();
  const factsOf = useCallback(
    (entry: ConditionEntry) =>
      conditionFacts(t, entry, (value) => formatDate(value, i18n.language), true).map(({ label, value }) => ({
        label,
        value,
      })),
    [t, i18n.language],
  );
  return (
    <ReportScreen
      seqMedicalRelation={seqMedicalRelation}
      deviceType={detail.patient.deviceType}
      conditionFacts={factsOf}
    />
  );
}
