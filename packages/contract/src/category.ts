import { z } from 'zod';
import { defineEndpoint, success } from './endpoint.ts';
import { rules } from './rules.ts';
import { idField } from './validation.ts';

const tag = 'category';

/** The clinician's own labels for grouping patients, usable as a list filter. */
export const category = z.lazy(() =>
  z.object({
    seqCategory: z.number().int(),
    categoryName: z.string(),
    patientCount: z.number().int(),
  }),
);
export type Category = z.infer<typeof category>;

const categoryNameField = z.lazy(() =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(rules.categoryNameMax, { error: 'validation.too_long' }),
);

export const listCategories = defineEndpoint({
  method: 'POST',
  path: '/category/list',
  access: 'manager',
  audit: { action: 'read', entity: 'category_list' },
  tag,
  summary: "The clinician's categories with how many patients each holds",
  get request() {
    return z.object({}).strict();
  },
  get reply() {
    return success({ categoryList: z.array(category) });
  },
});

export const saveCategory = defineEndpoint({
  method: 'POST',
  path: '/category/save',
  access: 'manager',
  audit: { action: 'update', entity: 'category' },
  tag,
  summary: 'Creates a category, or renames one when seqCategory is given',
  get request() {
    return z.object({ seqCategory: idField.optional(), categoryName: categoryNameField });
  },
  get reply() {
    return success({ category });
  },
});

export const removeCategory = defineEndpoint({
  method: 'PUT',
  path: '/category/remove',
  access: 'manager',
  audit: { action: 'delete', entity: 'category' },
  tag,
  summary: 'Removes a category; its patients stay',
  get request() {
    return z.object({ seqCategory: idField });
  },
  get reply() {
    return success({});
  },
});

export const setPatientCategories = defineEndpoint({
  method: 'PUT',
  path: '/category/setPatientCategories',
  access: 'manager',
  audit: { action: 'update', entity: 'patient_category' },
  tag,
  summary: 'Puts a patient in exactly the given categories',
  get request() {
    return z.object({
      seqMedicalRelation: idField,
      categoryIds: z.array(idField).max(rules.categoriesMax),
    });
  },
  get reply() {
    return success({});
  },
});
