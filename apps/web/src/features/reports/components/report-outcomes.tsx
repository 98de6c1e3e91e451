import type { ReportOutcomes } from '@clinic/contract';
import { Box, Stack, Table, Text } from '@mantine/core';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/dates/date-format.ts';
import { formatScore } from '../../../shared/outcomes/score-format.ts';
import { ScoreChange, ScoreScale } from '../../../shared/outcomes/score-scale.tsx';

/**
 * The questionnaire scores of the report's period: for each questionnaire its scale, MCID and
 * baseline, then each response in force with its change from the baseline, marked when it reaches
 * the MCID.
 */
export function ReportOutcomeScores({ outcomes }: { outcomes: ReportOutcomes }): ReactElement {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const score = (value: number) => formatScore(value, language);
  if (outcomes.length === 0) return <Text c="dimmed">{t('report.outcomes.none')}</Text>;
  return (
    <Stack gap="md">
      {outcomes.map(({ history, responses }) => (
        <Box key={JSON.stringify(history.instrument)} className="report-chart">
          <Text fw={600} size="sm">
            {history.title}
          </Text>
          <ScoreScale history={history} c="dimmed" />
          <Table
            withTableBorder
            fz="sm"
            verticalSpacing={4}
            aria-label={t('questionnaires.scores.listOf', { title: history.title })}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('questionnaires.scores.authored')}</Table.Th>
                <Table.Th>{t('questionnaires.scores.score')}</Table.Th>
                <Table.Th>{t('questionnaires.scores.change')}</Table.Th>
                <Table.Th>{t('questionnaires.scores.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {responses.map((response) => (
                <Table.Tr key={response.seqQuestionnaireResponse}>
                  <Table.Td>{formatDateTime(response.authoredAt, language)}</Table.Td>
                  <Table.Td>
                    {response.score === null
                      ? t(`questionnaires.noScore.${response.noScore?.reason ?? 'missing'}`)
                      : score(response.score)}
                  </Table.Td>
                  <Table.Td>
                    <ScoreChange response={response} />
                  </Table.Td>
                  <Table.Td>
                    {response.enteredBy ? t('questionnaires.response.enteredBy', { name: response.enteredBy }) : ''}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Box>
      ))}
    </Stack>
  );
}
