import { type MedicalRecordItem } from '@clinic/contract';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../domain-error.ts';
import type { Clock, Principal, RequestContext } from '../../context.ts';
import { recordAudit } from '../audit/index.ts';
import { noteRecordItems } from '../manager-note/index.ts';
import { visitRecordItems } from '../schedule/index.ts';
import { ownershipRepository } from '../shared/index.ts';
import { toConditionEntry } from './patient.mapper.ts';
import { patientRepository } from './patient.repository.ts';

export interface MedicalRecordService {
  read(principal: Principal, seqMedicalRelation: number, context: RequestContext): Promise<MedicalRecordItem[]>;
}

/** Condition entries, notes and visits of one patient as one record, newest first (docs/decisions/0002). */
export function medicalRecordService({ db, now }: { db: Database; now: Clock }): MedicalRecordService {
  return {
    async read(principal, seqMedicalRelation, context) {
      const relation = await ownershipRepository(db).findOwned(seqMedicalRelation, principal.seqManager);
      if (!relation) throw notFound();
      const [conditions, notes, visits] = await Promise.all([
        patientRepository(db).listStatus(seqMedicalRelation),
        noteRecordItems(db, seqMedicalRelation, principal.seqManager),
        visitRecordItems(db, seqMedicalRelation, context.timeZone),
      ]);
      await recordAudit(db, principal, context, now(), [
        { action: 'read', entity: 'medical_record', seqMedicalRelation, seqPatient: relation.seqPatient },
      ]);
      const items: MedicalRecordItem[] = [
        ...conditions.map((row) => ({
          kind: 'condition' as const,
          at: row.recordedAt.toISOString(),
          condition: toConditionEntry(row),
        })),
        ...notes,
        ...visits,
      ];
      return items.sort((a, b) => b.at.localeCompare(a.at));
    },
  };
}
