import type { BilledCode, MonitoringSheetRow } from '@clinic/contract';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import cs from '../../locales/cs/translation.json';
import en from '../../locales/en/translation.json';
import ko from '../../locales/ko/translation.json';
import zhHK from '../../locales/zh-HK/translation.json';
import { monitoringSheet } from './monitoring-sheet.ts';

const locales = { en, ko, 'zh-HK': zhHK, cs };
const translator = (language: keyof typeof locales) =>
  i18next.createInstance().init({ lng: language, resources: { [language]: { translation: locales[language] } } });

const row = (patientName: string, ongoing: boolean, codes: BilledCode[]): MonitoringSheetRow => ({
  seqMedicalRelation: 1,
  patientName,
  patientEmail: null,
  month: '2026-11',
  deviceDays: 20,
  videoMinutes: 25,
  loggedMinutes: 0,
  minutes: 25,
  interactive: true,
  ongoing,
  periods: [],
  codes,
});

describe('the monthly monitoring sheet', () => {
  it.each(Object.keys(locales) as (keyof typeof locales)[])(
    "names its tab within Excel's 31 characters with the month, and heads the sheet with the full title (%s)",
    async (language) => {
      const sheet = monitoringSheet(await translator(language), '2026-11', []);
      expect(Array.from(sheet.name).length).toBeLessThanOrEqual(31);
      expect(sheet.name).toContain('2026-11');
      expect(sheet.title).toBe(`${locales[language].monitoringBilling.sheet.title} 2026-11`);
    },
  );

  it('says a month is in progress after the codes it has earned so far', async () => {
    const sheet = monitoringSheet(await translator('en'), '2026-11', [
      row('Ended', false, [
        { code: '98977', units: 1 },
        { code: '98980', units: 1 },
      ]),
      row('Period ended', true, [{ code: '98977', units: 1 }]),
      row('Nothing yet', true, []),
    ]);
    expect(sheet.rows.map((cells) => [cells[0], cells.at(-3)])).toEqual([
      ['Ended', '98977, 98980'],
      ['Period ended', '98977 · In progress'],
      ['Nothing yet', 'In progress'],
    ]);
  });

  it('tells whether consent was in force, and the codes not counted without it', async () => {
    const sheet = monitoringSheet(await translator('en'), '2026-11', [
      { ...row('Consented', false, [{ code: '98977', units: 1 }]), consent: 'full', uncountedCodes: [] },
      {
        ...row('Withdrew', false, [{ code: '98985', units: 1 }]),
        consent: 'partial',
        uncountedCodes: [{ code: '98977', units: 1 }],
      },
      {
        ...row('Never asked', false, []),
        consent: 'none',
        uncountedCodes: [
          { code: '98977', units: 1 },
          { code: '98980', units: 1 },
        ],
      },
      row('Kept before consent was recorded', false, []),
    ]);
    expect(sheet.columns.slice(-2).map((column) => column.header)).toEqual(['Consent', 'Not counted without consent']);
    expect(sheet.rows.map((cells) => [cells[0], ...cells.slice(-3)])).toEqual([
      ['Consented', '98977', 'In force', '—'],
      ['Withdrew', '98985', 'Part of the month', '98977'],
      ['Never asked', '—', 'None', '98977, 98980'],
      ['Kept before consent was recorded', '—', null, '—'],
    ]);
  });
});
