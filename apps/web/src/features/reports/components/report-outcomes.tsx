import type { ReportOutcomes } from '@clinic/contract';
import { Box, Stack, Text } from '@mantine/core';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { ScoreScale } from '../../../shared/outcomes/score-scale.tsx';
import { ScoresTable } from '../../../shared/outcomes/scores-table.tsx';

/**
 * The questionnaire scores of the report's period: for each questionnaire its scale, MCID and
 * baseline, then each response in force with its change from the baseline, marked when it reaches
 * the MCID.
 */
export function ReportOutcomeScores({ outcomes }: { outcomes: ReportOutcomes }): ReactElement {
  const { t } = useTranslation();
  if (outcomes.length === 0) return <Text c="dimmed">{t('report.outcomes.none')}</Text>;
  return (
    <Stack gap="md">
      {outcomes.map(({ history, responses }) => (
        <Box key={JSON.stringify(history.instrument)} className="report-chart">
          <Text fw={600} size="sm">
            {history.title}
          </Text>
          <ScoreScale history={history} c="dimmed" />
          <ScoresTable
            title={history.title}
            responses={responses}
            status={(response) =>
              response.enteredBy ? t('questionnaires.response.enteredBy', { name: response.enteredBy }) : ''
            }
          />
        </Box>
      ))}
    </Stack>
  );
}
