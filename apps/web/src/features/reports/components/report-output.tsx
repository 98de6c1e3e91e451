import type { ReportParameter } from '@clinic/contract';
import { Box, Button, Group, Loader, Stack, Text } from '@mantine/core';
import {
  lazy,
  Suspense,
  useCallback,
  useId,
  useMemo,
  useRef,
  useState,
  type ReactElement,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../shared/i18n/use-message.ts';
import { useUnit } from '../../../shared/units/unit-preference.ts';
import { reportFileName, reportSheets } from '../excel/report-sheets.ts';
import { exportWorkbook } from '../../../shared/excel/write-workbook.ts';
import { useRecordsExport } from '../hooks/use-records-export.tsx';
import { documentPrintLayout, whenPrintable } from '../print-ready.ts';
import { daySeconds, outputBlocker, parameterSeries, type ConditionFactsOf, type ReportView } from '../report-model.ts';
import { ReportPrint } from './report-print.tsx';
import { ReportSections } from './report-sections.tsx';

const DayChart = lazy(() => import('../../../shared/charts/day-chart.tsx'));

const chartStyle: Record<ReportParameter, { kind: 'line' | 'bars'; color: string; suffix: string }> = {
  maxAngle: { kind: 'line', color: '#e8590c', suffix: '°' },
  minAngle: { kind: 'line', color: '#1c7ed6', suffix: '°' },
  exerciseTime: { kind: 'bars', color: '#868e96', suffix: '' },
  sessions: { kind: 'bars', color: '#2f9e44', suffix: '' },
};

/** How long Print waits at most for the signature and the chart images before printing without them. */
const printWaitMs = 15_000;

/** Whether the report's output buttons work, and the element telling why not: props of each button. */
interface OutputState {
  disabled: boolean;
  'aria-describedby': string | undefined;
}

/**
 * The export of the report's patient's records in its period, apart from the report so that its
 * progress does not render the report again.
 */
function RecordsExport({ report }: { report: ReportView }): ReactElement {
  const { t } = useTranslation();
  const recordsExport = useRecordsExport();
  return (
    <>
      <Button
        variant="default"
        loading={recordsExport.busy}
        onClick={() =>
          void recordsExport.run([report.data.patient], { startDate: report.startDate, endDate: report.endDate })
        }
      >
        {t('report.exportRecords')}
      </Button>
      {recordsExport.overlay}
    </>
  );
}

/** The report on screen with Print and Excel, and its printable copy. */
export function ReportOutput({
  report,
  conditionFacts,
  actions,
}: {
  report: ReportView;
  conditionFacts: ConditionFactsOf;
  /** More buttons before Print (e.g. Save), disabled with them. */
  actions?: (output: OutputState) => ReactNode;
}): ReactElement {
  const { t } = useTranslation();
  const message = useMessage();
  const blocker = outputBlocker(report);
  const reasonId = useId();
  const output: OutputState = { disabled: blocker !== undefined, 'aria-describedby': blocker && reasonId };
  const unit = useUnit();
  const [images, setImages] = useState<Partial<Record<ReportParameter, string>>>({});
  const [exporting, setExporting] = useState(false);
  const [preparingPrint, setPreparingPrint] = useState(false);
  const printRoot = useRef<HTMLDivElement>(null);
  const span = useMemo(
    () => [daySeconds(report.startDate), daySeconds(report.endDate)] as const,
    [report.startDate, report.endDate],
  );
  const series = useMemo(
    () =>
      Object.fromEntries(
        report.parameters.map((parameter) => [parameter, parameterSeries(report.romDays, parameter)]),
      ) as Partial<Record<ReportParameter, { x: number[]; y: number[] }>>,
    [report.romDays, report.parameters],
  );
  const imageSetters = useMemo(
    () =>
      Object.fromEntries(
        report.parameters.map((parameter) => [
          parameter,
          (url: string) =>
            setImages((previous) => (previous[parameter] === url ? previous : { ...previous, [parameter]: url })),
        ]),
      ) as Partial<Record<ReportParameter, (url: string) => void>>,
    [report.parameters],
  );

  const screenChart = useCallback(
    (parameter: ReportParameter) => {
      const data = series[parameter];
      if (!data) return null;
      const style = chartStyle[parameter];
      const axis =
        parameter === 'exerciseTime'
          ? t('report.chart.minutesAxis')
          : parameter === 'sessions'
            ? t('report.chart.sessionsAxis')
            : t('report.chart.angleAxis');
      return (
        <Box
          role="figure"
          aria-label={t('report.chart.summary', {
            name: t(`report.parameterNames.${parameter}`),
            days: data.x.length,
          })}
        >
          <Suspense fallback={<Loader role="status" aria-label={t('common.loading')} />}>
            <DayChart
              x={data.x}
              y={data.y}
              seriesLabel={t(`report.parameterNames.${parameter}`)}
              axisLabel={axis}
              dayLabel={t('report.chart.day')}
              kind={style.kind}
              color={style.color}
              tickSuffix={style.suffix}
              height={240}
              span={span}
              onImage={imageSetters[parameter]}
            />
          </Suspense>
        </Box>
      );
    },
    [series, span, t, imageSetters],
  );

  const printChart = (parameter: ReportParameter): ReactNode => {
    const image = images[parameter];
    // Busy until the screen chart has drawn its image: printing waits for it.
    return image ? <img src={image} alt={t(`report.parameterNames.${parameter}`)} /> : <Box aria-busy="true" />;
  };

  const print = async (): Promise<void> => {
    setPreparingPrint(true);
    try {
      if (printRoot.current) await whenPrintable(documentPrintLayout(printRoot.current), printWaitMs);
      window.print();
    } finally {
      setPreparingPrint(false);
    }
  };

  const exportReport = async (): Promise<void> => {
    setExporting(true);
    await exportWorkbook(t, () =>
      Promise.resolve({
        sheets: reportSheets(t, report, unit, conditionFacts),
        fileName: reportFileName(report.data.patient, report.startDate, report.endDate),
      }),
    );
    setExporting(false);
  };

  return (
    <Stack gap="md">
      <Group gap="sm" className="report-actions">
        {actions?.(output)}
        <Button variant="default" loading={preparingPrint} {...output} onClick={() => void print()}>
          {t('report.print.button')}
        </Button>
        <Button variant="default" loading={exporting} {...output} onClick={() => void exportReport()}>
          {t('report.exportExcel')}
        </Button>
        <RecordsExport report={report} />
      </Group>
      {blocker && (
        <Text size="sm" c="dimmed" id={reasonId} data-testid="output-blocked">
          {blocker === 'report.nothingToReport' ? t(blocker) : message(blocker)}
        </Text>
      )}
      <ReportSections report={report} conditionFacts={conditionFacts} chart={screenChart} />
      <ReportPrint report={report} ref={printRoot}>
        <ReportSections report={report} conditionFacts={conditionFacts} chart={printChart} />
      </ReportPrint>
    </Stack>
  );
}
