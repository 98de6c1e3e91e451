import { type MedicalRecordItem } from '@clinic/contract';
import type { Database } from '../../db/client.ts';
import type { Clock, Principal, RequestContext } from '../../context.ts';
import { recordAudit, relationEntry } from '../audit/index.ts';
import { noteRecordItems } from '../manager-note/index.ts';
import { messageRecordItems } from '../message/index.ts';
import { visitRecordItems } from '../schedule/index.ts';
import { ownedRelationOr404 } from '../shared/index.ts';
import { toConditionEntry } from './patient.mapper.ts';
import { patientRepository } from './patient.repository.ts';

export interface MedicalRecordService {
  read(principal: Principal, seqMedicalRelation: number, context: RequestContext): Promise<MedicalRecordItem[]>;
}

/** Condition entries, notes, visits and days of messages of one patient as one record, newest first (docs/decisions/0002, 0016). */
export function medicalRecordService({ db, now }: { db: Database; now: Clock }): MedicalRecordService {
  return {
    async read(principal, seqMedicalRelation, context) {
      const relation = await ownedRelationOr404(db, principal.seqManager, seqMedicalRelation);
      const [conditions, notes, visits, messageDays] = await Promise.all([
        patientRepository(db).listStatus(seqMedicalRelation),
        noteRecordItems(db, seqMedicalRelation, principal.seqManager),
        visitRecordItems(db, seqMedicalRelation, context.timeZone),
        messageRecordItems(db, seqMedicalRelation, context.timeZone),
      ]);
      await recordAudit(db, principal, context, now(), [relationEntry('read', 'medical_record', relation)]);
      const items: MedicalRecordItem[] = [
        ...conditions.map((row) => ({
          kind: 'condition' as const,
          at: row.recordedAt.toISOString(),
          condition: toConditionEntry(row),
        })),
        ...notes,
        ...visits,
        ...messageDays,
      ];
      return items.sort((a, b) => b.at.localeCompare(a.at));
    },
  };
}
