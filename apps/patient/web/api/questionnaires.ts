import {
  getMyQuestionnaire,
  listMyQuestionnaires,
  type MyQuestionnaire,
  type OutcomeQuestionnaire,
} from '@clinic/contract';
import { queryOptions, useQueries, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useEffect } from 'react';
import { i18n } from '../i18n/i18n.ts';
import { api } from './client.ts';
import { queryClient } from './queries.ts';

/** Under the patient's keys, so they are kept offline for this patient and dropped with them. */
export const questionnaireKeys = {
  list: ['patient', 'questionnaires'] as const,
  one: (seqQuestionnaireRequest: number) => ['patient', 'questionnaire', seqQuestionnaireRequest] as const,
};

/** A due questionnaire and its FHIR Questionnaire, in the patient's language where it has a text. */
export interface MyQuestionnaireForm {
  questionnaire: MyQuestionnaire;
  resource: OutcomeQuestionnaire;
}

const listQuery = queryOptions({
  queryKey: questionnaireKeys.list,
  queryFn: async ({ signal }) => (await api.callApi(listMyQuestionnaires, {}, { signal })).questionnaireList,
});

function formQuery(seqQuestionnaireRequest: number) {
  return queryOptions({
    queryKey: questionnaireKeys.one(seqQuestionnaireRequest),
    queryFn: async ({ signal }): Promise<MyQuestionnaireForm> => {
      const { questionnaire, resource } = await api.callApi(
        getMyQuestionnaire,
        { seqQuestionnaireRequest },
        { signal },
      );
      // The contract checks the resource's frame; its items are the FHIR Questionnaire the server stored.
      return { questionnaire, resource: resource as OutcomeQuestionnaire };
    },
  });
}

/** The server writes a questionnaire's title and texts in the patient's language: another language asks again. */
function useRefetchOnLanguage(): void {
  useEffect(() => {
    const refetch = (): void => {
      for (const queryKey of [questionnaireKeys.list, ['patient', 'questionnaire']]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    };
    i18n.on('languageChanged', refetch);
    return () => i18n.off('languageChanged', refetch);
  }, []);
}

/** The patient's questionnaires due and not answered, oldest first. */
export function useMyQuestionnaires(): UseQueryResult<MyQuestionnaire[]> {
  useRefetchOnLanguage();
  return useQuery(listQuery);
}

/** One questionnaire to fill in; kept offline once seen. */
export function useMyQuestionnaire(seqQuestionnaireRequest: number): UseQueryResult<MyQuestionnaireForm> {
  useRefetchOnLanguage();
  return useQuery(formQuery(seqQuestionnaireRequest));
}

/**
 * Each due questionnaire's form, asked for with the list: a questionnaire the patient saw due opens
 * offline too, and its title is marked with the language its text is in.
 */
export function useMyQuestionnaireForms(list: readonly MyQuestionnaire[]): (MyQuestionnaireForm | undefined)[] {
  return useQueries({
    queries: list.map((entry) => formQuery(entry.seqQuestionnaireRequest)),
    combine: (results) => results.map((result) => result.data),
  });
}

/** Asks for the due questionnaires with the program, while the program screen's code loads (screens/screens.ts). */
export function prefetchMyQuestionnaires(): Promise<void> {
  return queryClient.prefetchQuery(listQuery);
}

/** Asks for a questionnaire while its screen's code loads (screens/screens.ts). */
export function prefetchMyQuestionnaire(seqQuestionnaireRequest: number): Promise<void> {
  return queryClient.prefetchQuery(formQuery(seqQuestionnaireRequest));
}
