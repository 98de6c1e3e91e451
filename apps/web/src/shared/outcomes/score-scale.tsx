import type { InstrumentHistory, QuestionnaireResponseSummary } from '@clinic/contract';
import { Badge, Text, type TextProps } from '@mantine/core';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../dates/date-format.ts';
import { formatChange, formatScore } from './score-format.ts';

/** An instrument's range, direction and MCID, and its baseline, in one sentence. */
export function ScoreScale({
  history,
  ...props
}: { history: InstrumentHistory; 'data-testid'?: string } & TextProps): ReactElement {
  const { t, i18n } = useTranslation();
  const score = (value: number) => formatScore(value, i18n.language);
  return (
    <Text size="sm" {...props}>
      {t('questionnaires.scores.scale', {
        min: score(history.range.min),
        max: score(history.range.max),
        direction: t(`questionnaires.directions.${history.direction}`),
        mcid: score(history.mcid),
      })}{' '}
      {history.baseline
        ? t('questionnaires.scores.baseline', {
            score: score(history.baseline.score),
            date: formatDate(history.baseline.authoredAt, i18n.language),
          })
        : t('questionnaires.scores.noBaseline')}
    </Text>
  );
}

/** A response's change from the baseline, marked when a response in force reaches the MCID. */
export function ScoreChange({ response }: { response: QuestionnaireResponseSummary }): ReactElement {
  const { t, i18n } = useTranslation();
  return (
    <>
      {response.improvement === null ? '—' : formatChange(response.improvement, i18n.language)}
      {response.improvedBeyondMcid && response.superseded === null && (
        <Badge ml="xs" size="sm" color="green" variant="light">
          {t('questionnaires.scores.improved')}
        </Badge>
      )}
    </>
  );
}
