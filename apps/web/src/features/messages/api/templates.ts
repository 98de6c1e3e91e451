import {
  addMessageTemplate,
  getMessageAwaySettings,
  listMessageTemplates,
  removeMessageTemplate,
  updateMessageAwaySettings,
  updateMessageTemplate,
  type MessageAwaySettings,
  type MessageTemplate,
  type ReplyOf,
  type RequestOf,
} from '@clinic/contract';
import { useMutation, useQuery, type UseMutationResult, type UseQueryResult } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client.ts';
import { queryClient } from '../../../shared/api/query-client.ts';

/** The id of My page's section of templates, which the composer links to. */
export const templatesSectionId = 'options-message-templates';

const templateKeys = {
  templates: ['messageTemplates'] as const,
  away: ['messageAwaySettings'] as const,
};

/** The clinician's reply templates, by title. */
export function useMessageTemplates(): UseQueryResult<MessageTemplate[]> {
  return useQuery({
    queryKey: templateKeys.templates,
    queryFn: async ({ signal }) => (await callApi(listMessageTemplates, {}, { signal })).templateList,
  });
}

export type TemplateFields = RequestOf<typeof addMessageTemplate>;

/** Adds a template, or changes the one named. */
export function useSaveTemplate(): UseMutationResult<
  ReplyOf<typeof addMessageTemplate>,
  Error,
  { seqMessageTemplate: number | undefined; fields: TemplateFields }
> {
  return useMutation({
    mutationFn: ({ seqMessageTemplate, fields }) =>
      seqMessageTemplate === undefined
        ? callApi(addMessageTemplate, fields)
        : callApi(updateMessageTemplate, { seqMessageTemplate, ...fields }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templateKeys.templates }),
  });
}

export function useRemoveTemplate(): UseMutationResult<ReplyOf<typeof removeMessageTemplate>, Error, number> {
  return useMutation({
    mutationFn: (seqMessageTemplate) => callApi(removeMessageTemplate, { seqMessageTemplate }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templateKeys.templates }),
  });
}

/** The automatic replies after hours and during a vacation. */
export function useAwaySettings(): UseQueryResult<MessageAwaySettings> {
  return useQuery({
    queryKey: templateKeys.away,
    queryFn: async ({ signal }) => (await callApi(getMessageAwaySettings, {}, { signal })).settings,
  });
}

export function useSaveAwaySettings(): UseMutationResult<
  ReplyOf<typeof updateMessageAwaySettings>,
  Error,
  RequestOf<typeof updateMessageAwaySettings>
> {
  return useMutation({
    mutationFn: (request) => callApi(updateMessageAwaySettings, request),
    onSuccess: (reply) => {
      if (reply.isSuccess) queryClient.setQueryData(templateKeys.away, reply.settings);
    },
  });
}
