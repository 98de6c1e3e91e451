import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { category, relationCategory } from '../../db/schema.ts';

export type CategoryRow = typeof category.$inferSelect;

export interface CategoryRepository {
  listWithCounts(seqManager: number): Promise<(CategoryRow & { patientCount: number })[]>;
  count(seqManager: number): Promise<number>;
  findOwned(seqCategory: number, seqManager: number): Promise<CategoryRow | undefined>;
  findByName(seqManager: number, categoryName: string): Promise<CategoryRow | undefined>;
  countOwned(seqCategories: number[], seqManager: number): Promise<number>;
  insert(seqManager: number, categoryName: string): Promise<CategoryRow>;
  rename(seqCategory: number, categoryName: string): Promise<void>;
  remove(seqCategory: number): Promise<void>;
  replaceForRelation(seqMedicalRelation: number, seqCategories: number[]): Promise<void>;
}

export function categoryRepository(db: Database): CategoryRepository {
  return {
    async listWithCounts(seqManager: number): Promise<(CategoryRow & { patientCount: number })[]> {
      return db
        .select({
          seqCategory: category.seqCategory,
          seqManager: category.seqManager,
          categoryName: category.categoryName,
          createdAt: category.createdAt,
          // Spelled out: in a one-table query drizzle leaves column names unqualified.
          patientCount: sql<number>`(select count(*)::int from ${relationCategory} where ${relationCategory}.seq_category = ${category}.seq_category)`,
        })
        .from(category)
        .where(eq(category.seqManager, seqManager))
        .orderBy(asc(category.categoryName));
    },

    async count(seqManager: number): Promise<number> {
      return db.$count(category, eq(category.seqManager, seqManager));
    },

    async findOwned(seqCategory: number, seqManager: number): Promise<CategoryRow | undefined> {
      const [row] = await db
        .select()
        .from(category)
        .where(and(eq(category.seqCategory, seqCategory), eq(category.seqManager, seqManager)));
      return row;
    },

    async findByName(seqManager: number, categoryName: string): Promise<CategoryRow | undefined> {
      const [row] = await db
        .select()
        .from(category)
        .where(and(eq(category.seqManager, seqManager), eq(category.categoryName, categoryName)));
      return row;
    },

    async countOwned(seqCategories: number[], seqManager: number): Promise<number> {
      if (seqCategories.length === 0) return 0;
      return db.$count(
        category,
        and(inArray(category.seqCategory, seqCategories), eq(category.seqManager, seqManager)),
      );
    },

    async insert(seqManager: number, categoryName: string): Promise<CategoryRow> {
      const [row] = await db.insert(category).values({ seqManager, categoryName }).returning();
      return row!;
    },

    async rename(seqCategory: number, categoryName: string): Promise<void> {
      await db.update(category).set({ categoryName }).where(eq(category.seqCategory, seqCategory));
    },

    async remove(seqCategory: number): Promise<void> {
      await db.delete(category).where(eq(category.seqCategory, seqCategory));
    },

    async replaceForRelation(seqMedicalRelation: number, seqCategories: number[]): Promise<void> {
      await db.delete(relationCategory).where(eq(relationCategory.seqMedicalRelation, seqMedicalRelation));
      if (seqCategories.length > 0) {
        await db
          .insert(relationCategory)
          .values(seqCategories.map((seqCategory) => ({ seqMedicalRelation, seqCategory })));
      }
    },
  };
}
