import { listCategories, removeCategory, saveCategory, setPatientCategories } from '@clinic/contract';
import { ok, principalOf, route, type Route } from '../../http/route.ts';
import type { CategoryService } from './category.service.ts';

export function categoryRoutes(categories: CategoryService): Route[] {
  return [
    route(listCategories, async (_body, context) => ({
      ...ok,
      categoryList: await categories.list(principalOf(context)),
    })),
    route(saveCategory, async (body, context) => ({
      ...ok,
      category: await categories.save(principalOf(context), body),
    })),
    route(removeCategory, async (body, context) => {
      await categories.remove(principalOf(context), body.seqCategory, context);
      return ok;
    }),
    route(setPatientCategories, async (body, context) => {
      await categories.setForPatient(principalOf(context), body.seqMedicalRelation, body.categoryIds, context);
      return ok;
    }),
  ];
}
