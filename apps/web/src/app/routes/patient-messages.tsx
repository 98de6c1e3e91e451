import type { ReactElement } from 'react';
import { MessageThread } from '../../features/messages/components/message-thread.tsx';
import { usePatientContext } from './patient-details.tsx';

/** Messages tab: the secure thread with the patient; another patient starts on their newest page. */
export function Component(): ReactElement {
  const { seqMedicalRelation } = usePatientContext();
  return <MessageThread key={seqMedicalRelation} seqMedicalRelation={seqMedicalRelation} />;
}
