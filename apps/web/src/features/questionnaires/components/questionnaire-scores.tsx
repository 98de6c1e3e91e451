import type { InstrumentHistory } from '@clinic/contract';
import { Box, Button, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useMemo, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/dates/date-format.ts';
import { SelectField } from '../../../shared/forms/select-field.tsx';
import { LoadFailed } from '../../../shared/ui/load-failed.tsx';
import { useQuestionnaireResponses } from '../api/questionnaires.ts';
import { ScoreScale } from '../../../shared/outcomes/score-scale.tsx';
import { ScoresTable } from '../../../shared/outcomes/scores-table.tsx';
import { instrumentKey, scoreSeries } from '../model.ts';
import { ResponseDialog, ResponseMarks } from './response-dialog.tsx';
import type { ScoresChartLabels } from './scores-chart.tsx';

const ScoresChart = lazy(() => import('./scores-chart.tsx'));

/** The chart and the list of one instrument's scores. */
function InstrumentScores({
  history,
  responses,
  span,
  onOpen,
}: {
  history: InstrumentHistory;
  responses: Parameters<typeof scoreSeries>[1];
  span: readonly [number, number];
  onOpen: (seqQuestionnaireResponse: number) => void;
}): ReactElement {
  const { t, i18n } = useTranslation();
  const key = instrumentKey(history.instrument);
  const series = useMemo(() => scoreSeries(history, responses), [history, responses]);
  const listed = responses.filter((response) => instrumentKey(response.instrument) === key);
  const labels = useMemo<ScoresChartLabels>(
    () => ({
      day: t('exercises.chart.day'),
      score: history.title,
      bandLow: t('questionnaires.scores.bandLow'),
      bandHigh: t('questionnaires.scores.bandHigh'),
      improved: t('questionnaires.scores.improved'),
      axis: t('questionnaires.scores.axis'),
    }),
    [t, history.title],
  );
  return (
    <Stack gap="sm">
      <ScoreScale history={history} data-testid="scores-scale" />
      {series.x.length > 0 && (
        <Box
          role="figure"
          aria-label={t('questionnaires.scores.summary', { count: series.x.length, title: history.title })}
        >
          <Suspense fallback={<Loader role="status" aria-label={t('common.loading')} />}>
            <ScoresChart
              series={series}
              labels={labels}
              range={history.range}
              span={span}
              onPick={(index) => {
                const picked = series.responses[index];
                if (picked) onOpen(picked.seqQuestionnaireResponse);
              }}
            />
          </Suspense>
        </Box>
      )}
      <ScoresTable
        title={history.title}
        responses={listed}
        status={(response) => <ResponseMarks response={response} />}
        action={{
          heading: t('questionnaires.scores.open'),
          cell: (response) => (
            <Button
              size="xs"
              variant="subtle"
              aria-label={t('questionnaires.scores.openOf', {
                date: formatDateTime(response.authoredAt, i18n.language),
              })}
              onClick={() => onOpen(response.seqQuestionnaireResponse)}
            >
              {t('questionnaires.scores.open')}
            </Button>
          ),
        }}
      />
    </Stack>
  );
}

/**
 * The history tab under the ROM chart: each instrument's scores over the same days, with the band
 * of the minimal important change around the baseline, and the responses, each opening with its answers.
 */
export function QuestionnaireScores({
  seqMedicalRelation,
  span,
}: {
  seqMedicalRelation: number;
  /** The ROM chart's first and last day, in Unix seconds. */
  span: readonly [number, number];
}): ReactElement {
  const { t } = useTranslation();
  const history = useQuestionnaireResponses(seqMedicalRelation);
  const [chosen, setChosen] = useState('');
  const [opened, setOpened] = useState<number>();
  const instruments = history.data?.instrumentList ?? [];
  const shown = instruments.find((instrument) => instrumentKey(instrument.instrument) === chosen) ?? instruments[0];
  const title = t('questionnaires.scores.title');
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="questionnaire-scores-heading">
      <Stack gap="sm">
        <Title order={3} id="questionnaire-scores-heading">
          {title}
        </Title>
        {history.isPending && <Loader role="status" aria-label={t('common.loading')} />}
        {history.isError && <LoadFailed onRetry={() => void history.refetch()} />}
        {history.data && !shown && <Text c="dimmed">{t('questionnaires.scores.empty')}</Text>}
        {instruments.length > 1 && shown && (
          <SelectField
            label={t('questionnaires.scores.instrument')}
            allowEmpty={false}
            size="xs"
            value={instrumentKey(shown.instrument)}
            onChange={setChosen}
            options={instruments.map((instrument) => ({
              value: instrumentKey(instrument.instrument),
              label: instrument.title,
            }))}
          />
        )}
        {history.data && shown && (
          <InstrumentScores history={shown} responses={history.data.responseList} span={span} onOpen={setOpened} />
        )}
      </Stack>
      {opened !== undefined && (
        <ResponseDialog
          seqMedicalRelation={seqMedicalRelation}
          seqQuestionnaireResponse={opened}
          onClose={() => setOpened(undefined)}
        />
      )}
    </Paper>
  );
}
