import type { AuditAction, AuditEntry } from './audit.repository.ts';

/** An entry about one patient of a clinician, named by their relation (and the item, if one). */
export function relationEntry(
  action: AuditAction,
  entity: string,
  about: { seqMedicalRelation: number; seqPatient: number },
  entityId?: string | number,
): AuditEntry {
  return { action, entity, entityId, seqMedicalRelation: about.seqMedicalRelation, seqPatient: about.seqPatient };
}
