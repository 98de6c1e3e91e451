import { useContractForm } from '@clinic/client/contract-form';
import {
  questionnaireLimits,
  supersedeQuestionnaireResponse,
  type AnswerValue,
  type OutcomeItem,
  type OutcomeQuestionnaire,
  type OutcomeQuestionnaireResponse,
  type QuestionnaireResponseSummary,
} from '@clinic/contract';
import { Alert, Button, Group, Loader, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime } from '../../../shared/dates/date-format.ts';
import { TextareaField } from '../../../shared/forms/textarea-field.tsx';
import { useMessage } from '../../../shared/i18n/use-message.ts';
import { LoadFailed } from '../../../shared/ui/load-failed.tsx';
import { useQuestionnaireResponse, useSupersedeResponse } from '../api/questionnaires.ts';
import { formatScore } from '../../../shared/outcomes/score-format.ts';

/** An answer as the clinician reads it: the chosen option's text, the number or the text given. */
function answerText(item: OutcomeItem, answer: AnswerValue | undefined, language: string): string | undefined {
  if (!answer) return undefined;
  if (answer.valueCoding) {
    const option = item.answerOption?.find((each) => each.valueCoding?.code === answer.valueCoding?.code);
    return option?.valueCoding?.display ?? answer.valueCoding.display ?? answer.valueCoding.code;
  }
  if (answer.valueInteger !== undefined) return formatScore(answer.valueInteger, language);
  if (answer.valueDecimal !== undefined) return formatScore(answer.valueDecimal, language);
  return answer.valueString;
}

/** The questionnaire's texts and items with the patient's answers, in the questionnaire's own language. */
function Answers({
  questionnaire,
  response,
}: {
  questionnaire: OutcomeQuestionnaire;
  response: OutcomeQuestionnaireResponse;
}): ReactElement {
  const { t, i18n } = useTranslation();
  const answers = new Map(response.item.map((item) => [item.linkId, item.answer[0]]));
  return (
    <Table withTableBorder fz="sm" verticalSpacing={4} lang={questionnaire.language}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th lang={i18n.language}>{t('questionnaires.response.question')}</Table.Th>
          <Table.Th lang={i18n.language}>{t('questionnaires.response.answer')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {questionnaire.item.map((item) =>
          item.type === 'display' || item.type === 'group' ? (
            <Table.Tr key={item.linkId}>
              <Table.Td colSpan={2}>
                <Text size="sm" c="dimmed">
                  {item.text}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            <Table.Tr key={item.linkId}>
              <Table.Td>{item.text}</Table.Td>
              <Table.Td>
                {answerText(item, answers.get(item.linkId), i18n.language) ?? (
                  <Text span size="sm" c="dimmed" lang={i18n.language}>
                    {t('questionnaires.response.notAnswered')}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ),
        )}
      </Table.Tbody>
    </Table>
  );
}

/** Supersedes a response with a reason: it leaves the chart and stays, marked, with its answers. */
function SupersedeForm({
  seqMedicalRelation,
  response,
}: {
  seqMedicalRelation: number;
  response: QuestionnaireResponseSummary;
}): ReactElement {
  const { t } = useTranslation();
  const message = useMessage();
  const supersede = useSupersedeResponse(seqMedicalRelation);
  const [initialValues] = useState(() => ({ reason: '' }));
  const form = useContractForm({
    initialValues,
    schema: supersedeQuestionnaireResponse.request,
    toRequest: ({ reason }: { reason: string }) => ({
      seqQuestionnaireResponse: response.seqQuestionnaireResponse,
      reason,
    }),
    send: (request) => supersede.mutateAsync(request),
    onReply: (reply, form) => {
      if (!reply.isSuccess) form.setFailure(reply.failedCode);
    },
  });
  return (
    <form noValidate onSubmit={form.onSubmit} aria-labelledby="supersede-heading">
      <Stack gap="sm">
        <Title order={3} id="supersede-heading">
          {t('questionnaires.response.supersedeTitle')}
        </Title>
        <Text size="sm">{t('questionnaires.response.supersedeIntro')}</Text>
        {form.failure && (
          <Alert color="red" role="alert">
            {message(form.failure)}
          </Alert>
        )}
        <TextareaField
          label={t('questionnaires.response.reason')}
          value={form.values.reason}
          maxLength={questionnaireLimits.supersedeReasonMax}
          autosize={false}
          rows={2}
          onChange={(reason) => form.setValue('reason', reason)}
          error={form.errors.reason}
          required
        />
        <Button
          type="submit"
          color="red"
          variant="light"
          loading={supersede.isPending}
          style={{ alignSelf: 'flex-end' }}
        >
          {t('questionnaires.response.supersede')}
        </Button>
      </Stack>
    </form>
  );
}

/** Why a response is marked: superseded (by whom, when, why), or entered by a clinician in place of another. */
export function ResponseMarks({ response }: { response: QuestionnaireResponseSummary }): ReactElement | null {
  const { t, i18n } = useTranslation();
  if (response.superseded) {
    return (
      <Text size="sm" c="orange.9">
        {t('questionnaires.response.superseded', {
          name: response.superseded.clinicianName,
          date: formatDate(response.superseded.at, i18n.language),
          reason: response.superseded.reason,
        })}
      </Text>
    );
  }
  if (response.enteredBy) {
    return <Text size="sm">{t('questionnaires.response.enteredBy', { name: response.enteredBy })}</Text>;
  }
  return null;
}

/** One response: its score, its answers, and superseding it. */
export function ResponseDialog({
  seqMedicalRelation,
  seqQuestionnaireResponse,
  onClose,
}: {
  seqMedicalRelation: number;
  seqQuestionnaireResponse: number;
  onClose: () => void;
}): ReactElement {
  const { t, i18n } = useTranslation();
  const found = useQuestionnaireResponse(seqMedicalRelation, seqQuestionnaireResponse);
  const data = found.data;
  return (
    <Modal opened onClose={onClose} size="lg" title={data ? data.response.title : t('questionnaires.response.title')}>
      {found.isPending && <Loader role="status" aria-label={t('common.loading')} />}
      {found.isError && <LoadFailed onRetry={() => void found.refetch()} />}
      {data && (
        <Stack gap="md">
          <Stack gap={2}>
            <Text size="sm">
              {t('questionnaires.response.authored', {
                date: formatDateTime(data.response.authoredAt, i18n.language),
              })}
            </Text>
            <Text size="sm" fw={500}>
              {data.response.score === null
                ? t(`questionnaires.noScore.${data.response.noScore?.reason ?? 'missing'}`)
                : t('questionnaires.response.score', { score: formatScore(data.response.score, i18n.language) })}
            </Text>
            <ResponseMarks response={data.response} />
          </Stack>
          <Answers
            questionnaire={data.questionnaire as unknown as OutcomeQuestionnaire}
            response={data.questionnaireResponse as unknown as OutcomeQuestionnaireResponse}
          />
          {data.response.superseded === null && (
            <SupersedeForm
              key={data.response.seqQuestionnaireResponse}
              seqMedicalRelation={seqMedicalRelation}
              response={data.response}
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.close')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
