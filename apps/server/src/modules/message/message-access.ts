import type { PatientPrincipal, Principal } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../domain-error.ts';
import { messageRepository, type ThreadParties } from './message.repository.ts';

/** Who calls, and on which side of their threads they stand. */
export type MessageCaller = ClinicianCaller | PatientCaller;
export interface ClinicianCaller {
  side: 'clinician';
  seqUser: number;
  seqManager: number;
}
export interface PatientCaller {
  side: 'patient';
  seqUser: number;
  seqPatient: number;
}

export const clinicianCaller = ({ seqUser, seqManager }: Principal): ClinicianCaller => ({
  side: 'clinician',
  seqUser,
  seqManager,
});

export const patientCaller = ({ seqUser, seqPatient }: PatientPrincipal): PatientCaller => ({
  side: 'patient',
  seqUser,
  seqPatient,
});

/** Whether the thread is the caller's: their patient's, or theirs with one of their clinicians. */
export const isCallersThread = (caller: MessageCaller, parties: ThreadParties): boolean =>
  caller.side === 'clinician' ? parties.seqManager === caller.seqManager : parties.seqPatient === caller.seqPatient;

/** The caller's thread; anyone else's answers 404 exactly like one that does not exist. */
export async function threadOf(
  database: Database,
  caller: MessageCaller,
  seqMedicalRelation: number,
): Promise<ThreadParties> {
  const parties = await messageRepository(database).partiesOwnedBy(seqMedicalRelation, caller);
  if (!parties) throw notFound();
  return parties;
}
