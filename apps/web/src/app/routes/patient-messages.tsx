import { Stack } from '@mantine/core';
import type { ReactElement } from 'react';
import { useSearchParams } from 'react-router';
import { MessageThread } from '../../features/messages/components/message-thread.tsx';
import { MessageTimeLog } from '../../features/monitoring-billing/components/message-time-log.tsx';
import { usePatientContext } from './patient-details.tsx';

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Messages tab: the secure thread with the patient (opened at `day` when the medical record links
 * to one), and the time spent on it logged as monitoring minutes. Another patient starts on their
 * newest page.
 */
export function Component(): ReactElement {
  const { seqMedicalRelation } = usePatientContext();
  const day = useSearchParams()[0].get('day');
  return (
    <Stack gap="md">
      <MessageThread
        key={seqMedicalRelation}
        seqMedicalRelation={seqMedicalRelation}
        day={day && dayPattern.test(day) ? day : undefined}
      />
      <MessageTimeLog seqMedicalRelation={seqMedicalRelation} />
    </Stack>
  );
}
