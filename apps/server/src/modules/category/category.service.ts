import { rules, type Category, type BodyOf, type saveCategory } from '@clinic/contract';
import type { Database } from '../../db/client.ts';
import { InvalidField, notFound } from '../../domain-error.ts';
import type { Clock, Principal, RequestContext } from '../../context.ts';
import { recordAudit, relationEntry } from '../audit/index.ts';
import { ownedRelationOr404, ownershipRepository } from '../shared/index.ts';
import { categoryRepository } from './category.repository.ts';

export interface CategoryService {
  list(principal: Principal): Promise<Category[]>;
  save(principal: Principal, body: BodyOf<typeof saveCategory>): Promise<Category>;
  remove(principal: Principal, seqCategory: number, context: RequestContext): Promise<void>;
  setForPatient(
    principal: Principal,
    seqMedicalRelation: number,
    categoryIds: number[],
    context: RequestContext,
  ): Promise<void>;
}

/** The clinician's own categories for grouping patients (docs/decisions/0002-patients.md). */
export function categoryService({ db, now }: { db: Database; now: Clock }): CategoryService {
  return {
    async list(principal) {
      const rows = await categoryRepository(db).listWithCounts(principal.seqManager);
      return rows.map(({ seqCategory, categoryName, patientCount }) => ({ seqCategory, categoryName, patientCount }));
    },

    async save(principal, body) {
      return db.transaction(async (tx) => {
        // One change of the clinician's categories at a time: names stay unique, the count bounded.
        await ownershipRepository(tx).lockManager(principal.seqManager);
        const categories = categoryRepository(tx);
        const sameName = await categories.findByName(principal.seqManager, body.categoryName);
        if (sameName && sameName.seqCategory !== body.seqCategory) {
          throw new InvalidField('categoryName', 'validation.category_exists');
        }
        if (body.seqCategory === undefined) {
          if ((await categories.count(principal.seqManager)) >= rules.categoriesMax) {
            throw new InvalidField('categoryName', 'validation.too_many_categories');
          }
          const row = await categories.insert(principal.seqManager, body.categoryName);
          return { seqCategory: row.seqCategory, categoryName: row.categoryName, patientCount: 0 };
        }
        if (!(await categories.findOwned(body.seqCategory, principal.seqManager))) throw notFound();
        await categories.rename(body.seqCategory, body.categoryName);
        const saved = (await categories.listWithCounts(principal.seqManager)).find(
          (row) => row.seqCategory === body.seqCategory,
        );
        return {
          seqCategory: body.seqCategory,
          categoryName: body.categoryName,
          patientCount: saved?.patientCount ?? 0,
        };
      });
    },

    async remove(principal, seqCategory, context) {
      await db.transaction(async (tx) => {
        await ownershipRepository(tx).lockManager(principal.seqManager);
        const categories = categoryRepository(tx);
        if (!(await categories.findOwned(seqCategory, principal.seqManager))) throw notFound();
        await categories.remove(seqCategory);
        await recordAudit(tx, principal, context, now(), [
          { action: 'delete', entity: 'category', entityId: seqCategory },
        ]);
      });
    },

    async setForPatient(principal, seqMedicalRelation, categoryIds, context) {
      const unique = [...new Set(categoryIds)];
      await db.transaction(async (tx) => {
        await ownershipRepository(tx).lockManager(principal.seqManager);
        const relation = await ownedRelationOr404(tx, principal.seqManager, seqMedicalRelation);
        if ((await categoryRepository(tx).countOwned(unique, principal.seqManager)) !== unique.length) throw notFound();
        await categoryRepository(tx).replaceForRelation(seqMedicalRelation, unique);
        await recordAudit(tx, principal, context, now(), [relationEntry('update', 'patient_category', relation)]);
      });
    },
  };
}
