import { Paper } from '@mantine/core';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, todayIso } from '../../../shared/dates/date-format.ts';
import { showSuccess } from '../../../shared/notices/banners.ts';
import { LogTimeForm } from './monitoring-panel.tsx';

/**
 * Under the patient's message thread: the time spent on it, logged as monitoring minutes that count
 * towards treatment management but never as an interactive communication (decision 0016).
 */
export function MessageTimeLog({ seqMedicalRelation }: { seqMedicalRelation: number }): ReactElement {
  const { t, i18n } = useTranslation();
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="message-time-heading">
      <LogTimeForm
        seqMedicalRelation={seqMedicalRelation}
        month={todayIso().slice(0, 7)}
        source="messages"
        onLogged={({ date, minutes }) =>
          showSuccess(t('monitoringBilling.messagesLog.logged', { minutes, date: formatDate(date, i18n.language) }))
        }
      />
    </Paper>
  );
}
