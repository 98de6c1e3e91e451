import {
  addCustomQuestionnaire,
  addQuestionnaireSchedule,
  cancelQuestionnaireSchedule,
  getQuestionnaireResponse,
  listQuestionnaireInstruments,
  listQuestionnaireResponses,
  listQuestionnaireSchedules,
  supersedeQuestionnaireResponse,
  type ReplyOf,
  type RequestOf,
} from '@clinic/contract';
import {
  useMutation,
  useQuery,
  useQueryClient,
  type UseMutationResult,
  type UseQueryResult,
} from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';

type Success<Reply> = Omit<Extract<Reply, { isSuccess: true }>, 'isSuccess'>;

const instrumentsKey = ['questionnaires', 'instruments'] as const;
const patientKey = (seqMedicalRelation: number) =>
  [...queryKeys.patient(seqMedicalRelation), 'questionnaires'] as const;
const schedulesKey = (seqMedicalRelation: number) => [...patientKey(seqMedicalRelation), 'schedules'] as const;
const responsesKey = (seqMedicalRelation: number) => [...patientKey(seqMedicalRelation), 'responses'] as const;

/** The instruments the clinician can send: the shipped ones, then their own. */
export function useInstruments(): UseQueryResult<Success<ReplyOf<typeof listQuestionnaireInstruments>>> {
  return useQuery({
    queryKey: instrumentsKey,
    queryFn: async ({ signal }) => {
      const { instrumentList } = await callApi(listQuestionnaireInstruments, {}, { signal });
      return { instrumentList };
    },
  });
}

export function useQuestionnaireSchedules(
  seqMedicalRelation: number,
): UseQueryResult<Success<ReplyOf<typeof listQuestionnaireSchedules>>> {
  return useQuery({
    queryKey: schedulesKey(seqMedicalRelation),
    queryFn: async ({ signal }) => {
      const { scheduleList, patientLanguage } = await callApi(
        listQuestionnaireSchedules,
        { seqMedicalRelation },
        { signal },
      );
      return { scheduleList, patientLanguage };
    },
  });
}

export function useQuestionnaireResponses(
  seqMedicalRelation: number,
): UseQueryResult<Success<ReplyOf<typeof listQuestionnaireResponses>>> {
  return useQuery({
    queryKey: responsesKey(seqMedicalRelation),
    queryFn: async ({ signal }) => {
      const { responseList, instrumentList } = await callApi(
        listQuestionnaireResponses,
        { seqMedicalRelation },
        { signal },
      );
      return { responseList, instrumentList };
    },
  });
}

export function useQuestionnaireResponse(
  seqMedicalRelation: number,
  seqQuestionnaireResponse: number,
): UseQueryResult<Success<ReplyOf<typeof getQuestionnaireResponse>>> {
  return useQuery({
    queryKey: [...responsesKey(seqMedicalRelation), seqQuestionnaireResponse],
    queryFn: async ({ signal }) => {
      const { response, questionnaireResponse, questionnaire } = await callApi(
        getQuestionnaireResponse,
        { seqQuestionnaireResponse },
        { signal },
      );
      return { response, questionnaireResponse, questionnaire };
    },
  });
}

/** Sending and cancelling a patient's schedules; each reads the schedules again. */
export function useScheduleChanges(seqMedicalRelation: number): {
  add: UseMutationResult<ReplyOf<typeof addQuestionnaireSchedule>, Error, RequestOf<typeof addQuestionnaireSchedule>>;
  cancel: UseMutationResult<ReplyOf<typeof cancelQuestionnaireSchedule>, Error, number>;
} {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: schedulesKey(seqMedicalRelation) });
  return {
    add: useMutation({ mutationFn: (request) => callApi(addQuestionnaireSchedule, request), onSuccess }),
    cancel: useMutation({
      mutationFn: (seqQuestionnaireSchedule) => callApi(cancelQuestionnaireSchedule, { seqQuestionnaireSchedule }),
      onSuccess,
    }),
  };
}

/** Adds a custom questionnaire; the instrument list is read again. */
export function useAddCustomQuestionnaire(): UseMutationResult<
  ReplyOf<typeof addCustomQuestionnaire>,
  Error,
  RequestOf<typeof addCustomQuestionnaire>
> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request) => callApi(addCustomQuestionnaire, request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: instrumentsKey }),
  });
}

/** Supersedes a response; the history (chart, list and the response itself) is read again. */
export function useSupersedeResponse(
  seqMedicalRelation: number,
): UseMutationResult<
  ReplyOf<typeof supersedeQuestionnaireResponse>,
  Error,
  RequestOf<typeof supersedeQuestionnaireResponse>
> {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request) => callApi(supersedeQuestionnaireResponse, request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: responsesKey(seqMedicalRelation) }),
  });
}
