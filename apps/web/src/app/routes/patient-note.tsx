import type { ReactElement } from 'react';
import { NoteBoard } from '../../features/notes/components/note-board.tsx';
import { usePatientContext } from './patient-details.tsx';

/** Notes tab. */
export function Component(): ReactElement {
  const { seqMedicalRelation } = usePatientContext();
  return <NoteBoard seqMedicalRelation={seqMedicalRelation} />;
}
