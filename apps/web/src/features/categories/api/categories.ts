import { listCategories, removeCategory, saveCategory, setPatientCategories, type Category } from '@clinic/contract';
import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type UseMutationResult,
  type UseQueryResult,
} from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';

/** The clinician's categories with how many patients each holds. */
export async function listCategoriesRequest(signal?: AbortSignal): Promise<Category[]> {
  const reply = await callApi(listCategories, {}, { signal });
  return reply.categoryList;
}

export const categoriesQuery = queryOptions({
  queryKey: queryKeys.categories,
  queryFn: ({ signal }) => listCategoriesRequest(signal),
});

export function useCategories(): UseQueryResult<Category[]> {
  return useQuery(categoriesQuery);
}

/** Categories and the patients in them change together. */
function useInvalidate(): () => void {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.categories });
    void queryClient.invalidateQueries({ queryKey: queryKeys.patients });
  };
}

/** Creates a category, or renames one; a duplicate name is a 400 with validation.category_exists. */
export function useSaveCategory(): UseMutationResult<Category, Error, { seqCategory?: number; categoryName: string }> {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (input) => (await callApi(saveCategory, input)).category,
    onSuccess: invalidate,
  });
}

export function useRemoveCategory(): UseMutationResult<void, Error, number> {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (seqCategory) => {
      await callApi(removeCategory, { seqCategory });
    },
    onSuccess: invalidate,
  });
}

export function useSetPatientCategories(): UseMutationResult<
  void,
  Error,
  { seqMedicalRelation: number; categoryIds: number[] }
> {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (input) => {
      await callApi(setPatientCategories, input);
    },
    onSuccess: invalidate,
  });
}
