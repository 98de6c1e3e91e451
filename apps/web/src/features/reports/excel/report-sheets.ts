import type { ExerciseRecord, PatientSummary } from '@clinic/contract';
import type { TFunction } from 'i18next';
import { poundsFromKg, roundTo, type Unit } from '../../../shared/units/units.ts';
import {
  conditionComparison,
  orderedParameters,
  parameterValue,
  sortedDays,
  type ConditionFactsOf,
  type ReportView,
} from '../report-model.ts';
import { modeKeyOf, positionKeyOf } from '../../../shared/i18n/exercise-keys.ts';
import {
  excelDate,
  excelDateFormat,
  excelDateTimeFormat,
  excelFileName,
  excelNumber,
  excelPercentFormat,
  uniqueSheetNames,
  type CellValue,
  type SheetSpec,
} from '../../../shared/excel/sheets.ts';
import { outcomeSheet } from './outcome-sheet.ts';

const inchesPerCm = 1 / 2.54;

/** Height and weight as numbers in the clinician's unit (inches and pounds, or cm and kg). */
export function bodyNumbers(
  patient: Pick<PatientSummary, 'heightCm' | 'weightKg'>,
  unit: Unit,
): { height: number; weight: number } {
  return unit === 'metric'
    ? { height: roundTo(patient.heightCm, 1), weight: roundTo(patient.weightKg, 1) }
    : { height: roundTo(patient.heightCm * inchesPerCm, 1), weight: poundsFromKg(patient.weightKg) };
}

function unitLabels(t: TFunction, unit: Unit): { height: string; weight: string } {
  return unit === 'metric'
    ? { height: t('units.cm'), weight: t('units.kg') }
    : { height: t('units.in'), weight: t('units.lb') };
}

function genderText(t: TFunction, gender: 'M' | 'F' | null): string {
  return gender === 'M'
    ? t('report.patient.genders.M')
    : gender === 'F'
      ? t('report.patient.genders.F')
      : t('report.patient.genders.unset');
}

/** The first and the latest condition side by side: when each was recorded, then the items filled in. */
function conditionRows(t: TFunction, data: ReportView['data'], factsOf: ConditionFactsOf): CellValue[][] {
  const { initStatus, lastStatus } = data;
  if (!initStatus && !lastStatus) return [[t('report.conditions.none'), null, null]];
  return [
    [t('report.excel.columns.recorded'), excelDate(initStatus?.recordedAt), excelDate(lastStatus?.recordedAt)],
    ...conditionComparison(initStatus, lastStatus, factsOf).map((row) => [
      row.label,
      row.first || null,
      row.latest || null,
    ]),
  ];
}

/**
 * The sheets of a report: summary, ROM days, conditions, adherence, days with device data, and the
 * questionnaire scores when the report has them.
 */
export function reportSheets(t: TFunction, report: ReportView, unit: Unit, factsOf: ConditionFactsOf): SheetSpec[] {
  const { data } = report;
  const { patient, clinician, adherence } = data;
  const body = bodyNumbers(patient, unit);
  const units = unitLabels(t, unit);
  const parameters = orderedParameters(report.parameters);
  const positionKey = report.position === null ? undefined : positionKeyOf(report.position);
  const modeKey = report.mode === null ? undefined : modeKeyOf(report.mode);
  const names = uniqueSheetNames([
    t('report.excel.sheets.summary'),
    t('report.excel.sheets.rom'),
    t('report.excel.sheets.conditions'),
    t('report.excel.sheets.adherence'),
    t('report.excel.sheets.deviceDays'),
    t('questionnaires.scores.title'),
  ]);

  const summaryRows: CellValue[][] = [
    [t('app.name'), null],
    [t('report.sections.clinician'), clinician.managerName],
    [t('report.patient.title'), clinician.title],
    [t('report.patient.specialty'), clinician.managerSpecialty],
    [t('report.patient.clinic'), clinician.managerClinicName],
    [t('report.patient.clinicAddress'), clinician.managerClinicAddress],
    [t('report.patient.name'), patient.patientName],
    [t('report.patient.email'), patient.patientEmail],
    [t('report.patient.birth'), excelDate(patient.patientInfoBirth)],
    [t('report.patient.age'), patient.patientAge],
    [t('report.patient.gender'), genderText(t, patient.patientInfoGender)],
    [t('report.excel.height', { unit: units.height }), body.height],
    [t('report.excel.weight', { unit: units.weight }), body.weight],
    [t('report.from'), excelDate(report.startDate)],
    [t('report.to'), excelDate(report.endDate)],
    [t('report.parameters'), parameters.map((parameter) => t(`report.parameterNames.${parameter}`)).join(', ')],
    [t('report.joint'), positionKey ? t(positionKey) : t('report.allJoints')],
    [t('report.mode'), modeKey ? t(modeKey) : t('report.allModes')],
    [t('report.chiefComplaint'), report.chiefComplaint],
    [t('report.expertOpinion'), report.expertOpinion],
  ];
  if (report.createdAt) summaryRows.push([t('report.savedList.createdAt'), excelDate(report.createdAt)]);

  const days = sortedDays(report.romDays);
  const romColumns = parameters.map((parameter) => ({ header: t(`report.excel.columns.${parameter}`), width: 16 }));

  return [
    {
      name: names[0] ?? 'Summary',
      columns: [
        { header: t('report.excel.columns.item'), width: 28 },
        { header: t('report.excel.columns.value'), width: 60, format: excelDateFormat },
      ],
      rows: summaryRows,
    },
    {
      name: names[1] ?? 'ROM',
      columns: [{ header: t('report.excel.columns.date'), width: 14, format: excelDateFormat }, ...romColumns],
      rows: days.map((day) => [
        excelDate(day.date.slice(0, 10)),
        ...parameters.map((parameter) => excelNumber(parameterValue(day, parameter))),
      ]),
    },
    {
      name: names[2] ?? 'Conditions',
      columns: [
        { header: t('report.excel.columns.item'), width: 28 },
        { header: t('report.conditions.first'), width: 40, format: excelDateFormat },
        { header: t('report.conditions.latest'), width: 40, format: excelDateFormat },
      ],
      rows: conditionRows(t, data, factsOf),
    },
    {
      name: names[3] ?? 'Adherence',
      columns: [
        { header: t('report.adherence.prescribed'), width: 20 },
        { header: t('report.adherence.completed'), width: 20 },
        { header: t('report.adherence.rate'), width: 16, format: excelPercentFormat },
      ],
      rows: [[adherence.prescribedSessions, adherence.completedSessions, excelNumber(adherence.rate)]],
    },
    {
      name: names[4] ?? 'Device days',
      columns: [
        { header: t('report.excel.columns.startDate'), width: 14, format: excelDateFormat },
        { header: t('report.excel.columns.endDate'), width: 14, format: excelDateFormat },
        { header: t('report.deviceDays.days'), width: 18 },
        { header: t('report.deviceDays.billing', { days: 16 }), width: 22 },
      ],
      rows: data.deviceDays.map((period) => [
        excelDate(period.startDate.slice(0, 10)),
        excelDate(period.endDate.slice(0, 10)),
        period.days,
        period.meetsBillingThreshold ? t('common.yes') : t('common.no'),
      ]),
    },
    ...(data.outcomes ? [outcomeSheet(t, data.outcomes, names[5] ?? 'Scores')] : []),
  ];
}

/** The columns of an exercise-record sheet. */
export function recordColumns(t: TFunction): SheetSpec['columns'] {
  return [
    { header: t('report.excel.columns.start'), width: 18, format: excelDateTimeFormat },
    { header: t('report.joint'), width: 14 },
    { header: t('report.mode'), width: 16 },
    { header: t('report.excel.columns.count'), width: 10 },
    { header: t('report.excel.columns.minAngle'), width: 14 },
    { header: t('report.excel.columns.maxAngle'), width: 14 },
    { header: t('report.excel.columns.minSpeed'), width: 12 },
    { header: t('report.excel.columns.maxSpeed'), width: 12 },
    { header: t('report.excel.columns.duration'), width: 14 },
    { header: t('report.excel.columns.guideMin'), width: 16 },
    { header: t('report.excel.columns.guideMax'), width: 16 },
    { header: t('report.excel.columns.pain'), width: 12 },
    { header: t('report.excel.columns.review'), width: 40 },
  ];
}

type LabelKey = NonNullable<ReturnType<typeof positionKeyOf> | ReturnType<typeof modeKeyOf>>;

/** One row per device record, oldest first: dates as dates, measures as numbers. */
export function recordRows(t: TFunction, records: readonly ExerciseRecord[]): CellValue[][] {
  // A year holds hundreds of records of a few joints and modes: each label is translated once.
  const labels = new Map<LabelKey, string>();
  const label = (key: LabelKey): string => {
    let text = labels.get(key);
    if (text === undefined) {
      text = t(key);
      labels.set(key, text);
    }
    return text;
  };
  return [...records]
    .sort((a, b) => a.usageStartDatetime.localeCompare(b.usageStartDatetime))
    .map((record) => {
      const positionKey = positionKeyOf(record.exerciseGuidePosition);
      const modeKey = modeKeyOf(record.iuppiterUsageMode);
      return [
        excelDate(record.usageStartDatetime),
        positionKey ? label(positionKey) : String(record.exerciseGuidePosition),
        modeKey ? label(modeKey) : String(record.iuppiterUsageMode),
        excelNumber(record.iuppiterUsageCount),
        excelNumber(record.iuppiterUsageMinAngle),
        excelNumber(record.iuppiterUsageMaxAngle),
        excelNumber(record.iuppiterUsageMinSpeed),
        excelNumber(record.iuppiterUsageMaxSpeed),
        excelNumber(record.deviceUsageDuration),
        excelNumber(record.exerciseGuideMinRom),
        excelNumber(record.exerciseGuideMaxRom),
        record.painLevel,
        record.patientReview,
      ];
    });
}

/** One sheet of exercise records for each patient, named after the patient (cut at 30, unique). */
export function recordSheets(
  t: TFunction,
  patients: readonly { patientName: string; records: readonly ExerciseRecord[] }[],
): SheetSpec[] {
  const names = uniqueSheetNames(patients.map((patient) => patient.patientName));
  const columns = recordColumns(t);
  return patients.map((patient, index) => ({
    name: names[index] ?? `Sheet ${index + 1}`,
    columns,
    rows: recordRows(t, patient.records),
  }));
}

/** `Report_<name>_<email>_<start>_<end>.xlsx` without special characters or spaces. */
export function reportFileName(
  patient: Pick<PatientSummary, 'patientName' | 'patientEmail'>,
  startDate: string,
  endDate: string,
): string {
  return excelFileName(['Report', patient.patientName, patient.patientEmail, startDate, endDate]);
}

export function recordsFileName(
  patient: Pick<PatientSummary, 'patientName' | 'patientEmail'> | null,
  startDate: string,
  endDate: string,
): string {
  return excelFileName(['ExerciseRecords', patient?.patientName, patient?.patientEmail, startDate, endDate]);
}
