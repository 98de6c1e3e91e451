import type { ReportOutcomes } from '@clinic/contract';
import type { TFunction } from 'i18next';
import { excelDate, excelDateTimeFormat, excelNumber, type SheetSpec } from '../../../shared/excel/sheets.ts';

/**
 * The questionnaire scores of a report: one row per response in force, oldest first within each
 * questionnaire, with its change from the baseline and whether it reaches the MCID.
 */
export function outcomeSheet(t: TFunction, outcomes: ReportOutcomes, name: string): SheetSpec {
  return {
    name,
    columns: [
      { header: t('questionnaires.scores.instrument'), width: 36 },
      { header: t('questionnaires.scores.authored'), width: 18, format: excelDateTimeFormat },
      { header: t('questionnaires.scores.score'), width: 10 },
      { header: t('questionnaires.scores.change'), width: 20 },
      { header: t('questionnaires.scores.improved'), width: 24 },
      { header: t('report.excel.columns.baseline'), width: 12 },
      { header: t('report.excel.columns.mcid'), width: 10 },
      { header: t('questionnaires.scores.status'), width: 40 },
    ],
    rows: outcomes.flatMap(({ history, responses }) =>
      responses.map((response) => [
        history.title,
        excelDate(response.authoredAt),
        excelNumber(response.score),
        excelNumber(response.improvement),
        response.improvedBeyondMcid ? t('common.yes') : t('common.no'),
        excelNumber(history.baseline?.score),
        history.mcid,
        response.noScore
          ? t(`questionnaires.noScore.${response.noScore.reason}`)
          : response.enteredBy
            ? t('questionnaires.response.enteredBy', { name: response.enteredBy })
            : null,
      ]),
    ),
  };
}
