import type { Database } from '../../db/client.ts';
import { notFound } from '../../domain-error.ts';
import { ownershipRepository, type RelationListRow } from './ownership.repository.ts';

/** The clinician's relation; another clinician's answers 404 exactly like one that does not exist. */
export async function ownedRelationOr404(
  database: Database,
  seqManager: number,
  seqMedicalRelation: number,
): Promise<RelationListRow> {
  const relation = await ownershipRepository(database).findOwned(seqMedicalRelation, seqManager);
  if (!relation) throw notFound();
  return relation;
}
