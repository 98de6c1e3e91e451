import type { ConditionEntry, ExerciseRecord } from '@clinic/contract';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import cs from '../../../locales/cs/translation.json';
import en from '../../../locales/en/translation.json';
import ko from '../../../locales/ko/translation.json';
import zhHK from '../../../locales/zh-HK/translation.json';
import type { ConditionFactsOf } from '../report-model.ts';
import { data, outcomes, report } from '../report-fixture.ts';
import { bodyNumbers, recordSheets, reportFileName, reportSheets } from './report-sheets.ts';
import {
  excelDate,
  excelFileName,
  excelNumber,
  fileNamePart,
  sheetName,
  uniqueSheetNames,
} from '../../../shared/excel/sheets.ts';

/** A t() that answers the key (with its options), so a test sees which words were asked for. */
const t = ((key: string, options?: Record<string, unknown>) =>
  options && 'unit' in options ? `${key}(${String(options.unit)})` : key) as unknown as TFunction;

describe('file names', () => {
  it('strips special characters and spaces from the name and e-mail', () => {
    expect(fileNamePart('Min-jun Chan')).toBe('MinjunChan');
    expect(fileNamePart('min.jun+1@example.com')).toBe('minjun1examplecom');
    expect(fileNamePart('김 민준/..\\')).toBe('김민준');
    expect(fileNamePart(null)).toBe('');
  });

  it('joins the cleaned parts and leaves out empty ones', () => {
    expect(excelFileName(['Report', 'Min-jun Chan', null, '2026-01-01'])).toBe('Report_MinjunChan_20260101.xlsx');
    expect(excelFileName(['***', ''])).toBe('export.xlsx');
    expect(reportFileName({ patientName: "O'Neil, Ann", patientEmail: 'ann@x.io' }, '2026-01-01', '2026-01-31')).toBe(
      'Report_ONeilAnn_annxio_20260101_20260131.xlsx',
    );
  });
});

describe('sheet names', () => {
  it('cuts at 30 characters and drops what Excel refuses', () => {
    expect(sheetName('a'.repeat(40))).toHaveLength(30);
    expect(sheetName('Days [with] data: 1/2?')).toBe('Days with data 1 2');
    expect(sheetName('   ')).toBe('Sheet');
    // Whole characters, never half a surrogate pair.
    expect(Array.from(sheetName('😀'.repeat(31)))).toHaveLength(30);
  });

  it('drops each character Excel forbids, and apostrophes at either end', () => {
    for (const forbidden of [':', '\\', '/', '?', '*', '[', ']']) {
      expect(sheetName(`Range${forbidden}of motion`)).toBe('Range of motion');
    }
    expect(sheetName("'Min-jun's'")).toBe("Min-jun's");
  });

  it('keeps every translated sheet name of a report whole', () => {
    for (const locale of [en, ko, zhHK, cs]) {
      for (const name of Object.values(locale.report.excel.sheets)) expect(sheetName(name)).toBe(name);
    }
  });

  it('keeps names unique within 30 characters, ignoring case', () => {
    const long = 'Alexandra Konstantinopoulou-Smith';
    const names = uniqueSheetNames([long, long, 'ROM', 'rom']);
    expect(names[0]).toBe(long.slice(0, 30));
    expect(names[1]).toHaveLength(30);
    expect(names[1]?.endsWith(' (2)')).toBe(true);
    expect(names.slice(2)).toEqual(['ROM', 'rom (2)']);
  });
});

describe('cell values', () => {
  it('turns calendar dates into Excel dates at UTC midnight', () => {
    expect(excelDate('2026-03-05')?.toISOString()).toBe('2026-03-05T00:00:00.000Z');
    expect(excelDate('')).toBeNull();
    expect(excelDate('nonsense')).toBeNull();
  });

  it('keeps the local wall-clock time of a date-time', () => {
    const value = '2026-03-05T14:30:00+00:00';
    const local = new Date(value);
    const date = excelDate(value);
    expect(date?.getUTCHours()).toBe(local.getHours());
    expect(date?.getUTCMinutes()).toBe(local.getMinutes());
  });

  it('keeps numbers as numbers and drops non-finite ones', () => {
    expect(excelNumber(12.345, 1)).toBe(12.3);
    expect(excelNumber(7)).toBe(7);
    expect(excelNumber(Number.NaN)).toBeNull();
    expect(excelNumber(null)).toBeNull();
  });
});

/** Three items of a condition entry in a fixed order, like the patients feature gives them. */
const factsOf: ConditionFactsOf = (entry) => [
  { label: 'Diagnosis', value: entry.primaryDiagnosis ?? '' },
  { label: 'Medication', value: entry.medication ?? '' },
  { label: 'MMT', value: entry.mmt ?? '' },
];

const condition = (recordedAt: string, mmt: ConditionEntry['mmt'], medication: string | null): ConditionEntry => ({
  seqPatientStatus: 1,
  seqMedicalRelation: 9,
  recordedAt,
  primaryDiagnosis: 'Total knee arthroplasty',
  secondaryDiagnosis: null,
  onsetDate: null,
  onsetKind: null,
  onsetPeriod: null,
  durationMonths: null,
  brainLesion: null,
  paralysisPart: null,
  paralysisPosition: null,
  joint: null,
  infection: null,
  medication,
  dose: null,
  mmt,
  mrs: null,
  chiefComplaint: null,
});

describe('report sheets', () => {
  it('adds the questionnaire scores when the report has them: one row per response, numbers as numbers', () => {
    const sheets = reportSheets(t, { ...report, data: { ...data, outcomes } }, 'metric', factsOf);
    const scores = sheets.at(-1);
    expect(scores?.name).toBe('questionnaires.scores.title');
    expect(scores?.columns.map((column) => column.header)).toEqual([
      'questionnaires.scores.instrument',
      'questionnaires.scores.authored',
      'questionnaires.scores.score',
      'questionnaires.scores.change',
      'questionnaires.scores.improved',
      'report.excel.columns.baseline',
      'report.excel.columns.mcid',
      'questionnaires.scores.status',
    ]);
    const title = 'Lower Extremity Functional Scale';
    expect(scores?.rows).toEqual([
      [title, excelDate('2026-01-05T10:00:00Z'), 33, 5, 'common.no', 28, 9, null],
      [title, excelDate('2026-01-19T10:00:00Z'), 50, 22, 'common.yes', 28, 9, 'questionnaires.response.enteredBy'],
      [title, excelDate('2026-01-30T10:00:00Z'), null, null, 'common.no', 28, 9, 'questionnaires.noScore.missing'],
    ]);
    // A report kept without them has no such sheet.
    expect(reportSheets(t, report, 'metric', factsOf).map((sheet) => sheet.name)).not.toContain(
      'questionnaires.scores.title',
    );
  });

  it('builds the summary, ROM, conditions, adherence and device-day sheets with typed cells', () => {
    const sheets = reportSheets(t, report, 'metric', factsOf);
    expect(sheets.map((sheet) => sheet.name)).toEqual([
      'report.excel.sheets.summary',
      'report.excel.sheets.rom',
      'report.excel.sheets.conditions',
      'report.excel.sheets.adherence',
      'report.excel.sheets.deviceDays',
    ]);
    const [summary, rom, , adherence, deviceDays] = sheets;
    expect(summary?.rows).toContainEqual(['report.patient.name', 'Min-jun Chan']);
    expect(summary?.rows).toContainEqual(['report.patient.clinic', 'Harbour Rehabilitation']);
    expect(summary?.rows).toContainEqual(['report.patient.clinicAddress', '12 Pier Road\nKowloon']);
    expect(summary?.rows).toContainEqual(['report.excel.height(units.cm)', 180]);
    expect(summary?.rows).toContainEqual(['report.from', new Date(Date.UTC(2026, 0, 1))]);
    expect(summary?.rows).toContainEqual(['report.expertOpinion', 'Improving']);
    // Parameters in their fixed order, days oldest first, minutes with one decimal.
    expect(rom?.columns.map((column) => column.header)).toEqual([
      'report.excel.columns.date',
      'report.excel.columns.maxAngle',
      'report.excel.columns.exerciseTime',
    ]);
    expect(rom?.rows).toEqual([
      [new Date(Date.UTC(2026, 0, 1)), 65, 5],
      [new Date(Date.UTC(2026, 0, 2)), 70.5, 10.5],
    ]);
    expect(adherence?.rows).toEqual([[60, 45, 0.75]]);
    expect(deviceDays?.rows[0]).toEqual([
      new Date(Date.UTC(2026, 0, 1)),
      new Date(Date.UTC(2026, 0, 30)),
      20,
      'common.yes',
    ]);
  });

  it('sets the first and the latest condition side by side, leaving out items empty in both', () => {
    const first = condition('2026-01-03T10:00:00Z', '2', null);
    const latest = condition('2026-02-01T10:00:00Z', '3', 'Ibuprofen');
    const conditions = (initStatus: ConditionEntry | null, lastStatus: ConditionEntry | null) =>
      reportSheets(t, { ...report, data: { ...data, initStatus, lastStatus } }, 'metric', factsOf)[2];
    const both = conditions(first, latest);
    expect(both?.columns.map((column) => column.header)).toEqual([
      'report.excel.columns.item',
      'report.conditions.first',
      'report.conditions.latest',
    ]);
    expect(both?.rows).toEqual([
      ['report.excel.columns.recorded', excelDate(first.recordedAt), excelDate(latest.recordedAt)],
      ['Diagnosis', 'Total knee arthroplasty', 'Total knee arthroplasty'],
      ['Medication', null, 'Ibuprofen'],
      ['MMT', '2', '3'],
    ]);
    expect(conditions(null, latest)?.rows).toEqual([
      ['report.excel.columns.recorded', null, excelDate(latest.recordedAt)],
      ['Diagnosis', null, 'Total knee arthroplasty'],
      ['Medication', null, 'Ibuprofen'],
      ['MMT', null, '3'],
    ]);
    expect(conditions(null, null)?.rows).toEqual([['report.conditions.none', null, null]]);
  });

  it('gives height and weight in the unit setting', () => {
    expect(bodyNumbers({ heightCm: 180, weightKg: 80 }, 'metric')).toEqual({ height: 180, weight: 80 });
    expect(bodyNumbers({ heightCm: 180, weightKg: 80 }, 'imperial')).toEqual({ height: 70.9, weight: 176.4 });
    const imperial = reportSheets(t, report, 'imperial', factsOf)[0];
    expect(imperial?.rows).toContainEqual(['report.excel.weight(units.lb)', 176.4]);
  });
});

describe('record sheets', () => {
  const record = (start: string, maxAngle: number, painLevel: number | null = null): ExerciseRecord => ({
    seqExerciseRecord: 1,
    seqExercise: 1,
    seqMedicalRelation: 9,
    iuppiterUsageMode: 0,
    iuppiterUsageCount: 20,
    iuppiterUsageMinAngle: 12,
    iuppiterUsageMaxAngle: maxAngle,
    iuppiterUsageMinSpeed: 3,
    iuppiterUsageMaxSpeed: 18.5,
    minTorque: null,
    maxTorque: null,
    deviceUsageDuration: 125,
    exerciseGuideMode: 0,
    exerciseGuideMinRom: 10,
    exerciseGuideMaxRom: 90,
    exerciseGuideExtension: null,
    exerciseGuideFlexion: null,
    exerciseGuideSpeed: null,
    exerciseGuideCount: null,
    exerciseGuideTime: null,
    exerciseGuideDirection: 1,
    exerciseGuidePosition: 3,
    usageStartDatetime: start,
    createDatetime: start,
    patientReview: null,
    painLevel,
  });

  it('makes one sheet per patient with numbers as numbers, oldest record first', () => {
    const sheets = recordSheets(t, [
      {
        patientName: 'A'.repeat(35),
        records: [record('2026-01-02T10:00:00Z', 70, 7), record('2026-01-01T10:00:00Z', 60)],
      },
      { patientName: 'A'.repeat(35), records: [] },
    ]);
    expect(sheets.map((sheet) => sheet.name)).toEqual(['A'.repeat(30), `${'A'.repeat(26)} (2)`]);
    const rows = sheets[0]?.rows ?? [];
    expect(rows.map((row) => row[5])).toEqual([60, 70]);
    expect(rows[0]?.[0]).toBeInstanceOf(Date);
    expect(rows[0]?.[1]).toBe('exercises.positions.knee');
    expect(typeof rows[0]?.[8]).toBe('number');
    // The pain reported with the session, beside the review it came with.
    const columns = sheets[0]?.columns.map((column) => column.header) ?? [];
    expect(columns.slice(-2)).toEqual(['report.excel.columns.pain', 'report.excel.columns.review']);
    expect(rows.map((row) => row.at(-2))).toEqual([null, 7]);
  });
});
