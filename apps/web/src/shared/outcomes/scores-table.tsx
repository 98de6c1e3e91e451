import type { QuestionnaireResponseSummary } from '@clinic/contract';
import { Table } from '@mantine/core';
import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../dates/date-format.ts';
import { formatScore } from './score-format.ts';
import { ScoreChange } from './score-scale.tsx';

/**
 * One questionnaire's responses, a row each: when, the score (or why there is none), the change from
 * the baseline, the caller's status column (marks on screen, who entered it in print), and an
 * action column when given.
 */
export function ScoresTable({
  title,
  responses,
  status,
  action,
}: {
  /** The questionnaire's title, naming the table. */
  title: string;
  responses: readonly QuestionnaireResponseSummary[];
  status: (response: QuestionnaireResponseSummary) => ReactNode;
  action?: { heading: string; cell: (response: QuestionnaireResponseSummary) => ReactNode };
}): ReactElement {
  const { t, i18n } = useTranslation();
  return (
    <Table withTableBorder fz="sm" verticalSpacing={4} aria-label={t('questionnaires.scores.listOf', { title })}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('questionnaires.scores.authored')}</Table.Th>
          <Table.Th>{t('questionnaires.scores.score')}</Table.Th>
          <Table.Th>{t('questionnaires.scores.change')}</Table.Th>
          <Table.Th>{t('questionnaires.scores.status')}</Table.Th>
          {action && <Table.Th>{action.heading}</Table.Th>}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {responses.map((response) => (
          <Table.Tr key={response.seqQuestionnaireResponse}>
            <Table.Td>{formatDateTime(response.authoredAt, i18n.language)}</Table.Td>
            <Table.Td>
              {response.score === null
                ? t(`questionnaires.noScore.${response.noScore?.reason ?? 'missing'}`)
                : formatScore(response.score, i18n.language)}
            </Table.Td>
            <Table.Td>
              <ScoreChange response={response} />
            </Table.Td>
            <Table.Td>{status(response)}</Table.Td>
            {action && <Table.Td>{action.cell(response)}</Table.Td>}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
