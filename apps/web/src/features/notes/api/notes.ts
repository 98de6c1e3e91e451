import {
  addManagerNote,
  listManagerNotes,
  markManagerNoteImportant,
  modifyManagerNote,
  removeManagerNote,
  type ManagerNote,
  type RequestOf,
} from '@clinic/contract';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type UseMutationResult,
  type UseQueryResult,
} from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';

export type NoteVisibility = 'all' | 'public' | 'private';

export interface NotePage {
  noteList: ManagerNote[];
  totalCount: number;
}

export interface NotePageParams {
  seqMedicalRelation: number;
  startIndex: number;
  size: number;
  visibility: NoteVisibility;
}

/** One page of notes, important first then newest. */
export async function listNotesRequest(params: NotePageParams, signal?: AbortSignal): Promise<NotePage> {
  const reply = await callApi(
    listManagerNotes,
    {
      seqMedicalRelation: params.seqMedicalRelation,
      startIndex: params.startIndex,
      size: params.size,
      isPublic: params.visibility === 'all' ? null : params.visibility === 'public',
    },
    { signal },
  );
  return { noteList: reply.noteList, totalCount: reply.totalCount };
}

const notePageQuery = (params: NotePageParams) =>
  queryOptions({
    queryKey: [...queryKeys.notes(params.seqMedicalRelation), params],
    queryFn: ({ signal }) => listNotesRequest(params, signal),
    placeholderData: keepPreviousData,
  });

export function useNotePage(params: NotePageParams): UseQueryResult<NotePage> {
  return useQuery(notePageQuery(params));
}

/** Notes change the note list and the medical record of the patient. */
function useInvalidateNotes(seqMedicalRelation: number): () => void {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.notes(seqMedicalRelation) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.medicalRecord(seqMedicalRelation) });
  };
}

export type NoteInput = Omit<RequestOf<typeof addManagerNote>, 'seqMedicalRelation'>;

export function useSaveNote(
  seqMedicalRelation: number,
): UseMutationResult<ManagerNote, Error, { seqManagerNote?: number; note: NoteInput }> {
  const invalidate = useInvalidateNotes(seqMedicalRelation);
  return useMutation({
    mutationFn: async ({ seqManagerNote, note }) => {
      const reply =
        seqManagerNote === undefined
          ? await callApi(addManagerNote, { ...note, seqMedicalRelation })
          : await callApi(modifyManagerNote, { ...note, seqManagerNote });
      return reply.note;
    },
    onSuccess: invalidate,
  });
}

export function useMarkImportant(
  seqMedicalRelation: number,
): UseMutationResult<void, Error, { seqManagerNote: number; isImportant: boolean }> {
  const invalidate = useInvalidateNotes(seqMedicalRelation);
  return useMutation({
    mutationFn: async (input) => {
      await callApi(markManagerNoteImportant, input);
    },
    onSuccess: invalidate,
  });
}

export function useRemoveNote(seqMedicalRelation: number): UseMutationResult<void, Error, number> {
  const invalidate = useInvalidateNotes(seqMedicalRelation);
  return useMutation({
    mutationFn: async (seqManagerNote) => {
      await callApi(removeManagerNote, { seqManagerNote });
    },
    onSuccess: invalidate,
  });
}
