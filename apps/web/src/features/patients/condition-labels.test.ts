import type { ConditionEntry } from '@clinic/contract';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en/translation.json';
import { brainLesionLabel, conditionFacts, conditionItems, conditionOptions } from './condition-labels.ts';

/** A t() over the English file, enough for the labels. */
const t = ((key: string, options?: Record<string, unknown>) => {
  let node: unknown = en;
  for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
  return String(node).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(options?.[name]));
}) as unknown as TFunction;

const entry: ConditionEntry = {
  seqPatientStatus: 1,
  seqMedicalRelation: 1,
  recordedAt: '2026-01-01T10:00:00.000Z',
  primaryDiagnosis: 'Ischemic stroke',
  secondaryDiagnosis: null,
  onsetDate: '2025-12-01',
  onsetKind: 'stroke',
  onsetPeriod: 'subacute',
  durationMonths: 1,
  brainLesion: 3,
  paralysisPart: 'upper_and_lower',
  paralysisPosition: 'left',
  joint: 4,
  infection: 0,
  medication: null,
  dose: null,
  mmt: 'N/A',
  mrs: '2',
  chiefComplaint: '',
};

describe('condition labels', () => {
  it('offers every enumerated value of SPEC 3 with a label', () => {
    const options = conditionOptions(t);
    expect(options.mmt.map((option) => option.value)).toEqual([
      'N/A',
      '0',
      '1',
      '2-',
      '2',
      '2+',
      '3-',
      '3',
      '3+',
      '4-',
      '4',
      '4+',
      '5',
    ]);
    expect(options.mrs.map((option) => option.label)).toEqual(['N/A', '0', '1', '2', '3', '4', '5', '6']);
    expect(options.brainLesion.map((option) => option.label)).toEqual([
      'Not set',
      'Grade 1',
      'Grade 2',
      'Grade 3',
      'Grade 4',
      'Grade 5',
      'Grade 6',
      'Severe',
      'Mild',
    ]);
    expect(options.joint.map((option) => option.label)).toEqual(['Elbow', 'Wrist', 'Knee', 'Ankle']);
    expect(options.infection).toEqual([
      { value: '1', label: 'Yes' },
      { value: '0', label: 'No' },
    ]);
    expect(brainLesionLabel(t, 7)).toBe('Severe');
  });

  it('lists the filled-in items of an entry in words, skipping the empty ones', () => {
    const facts = conditionFacts(t, entry, (value) => `date:${value}`);
    expect(Object.fromEntries(facts.map((fact) => [fact.label, fact.value]))).toEqual({
      'Primary diagnosis': 'Ischemic stroke',
      'Onset date': 'date:2025-12-01',
      Onset: 'Stroke',
      'Onset period': 'Subacute',
      'Duration (months)': '1',
      'Brain lesion': 'Grade 3',
      'Paralysis part': 'Upper and lower extremities',
      'Paralysis side': 'Left',
      Joint: 'Ankle',
      Infection: 'No',
      MMT: 'N/A',
      mRS: '2',
    });
  });

  it('lists every item in the fixed order when asked, the empty ones empty', () => {
    const facts = conditionFacts(t, entry, (value) => `date:${value}`, true);
    expect(facts.map((fact) => fact.item)).toEqual(conditionItems);
    expect(facts.find((fact) => fact.item === 'secondaryDiagnosis')?.value).toBe('');
    expect(facts.find((fact) => fact.item === 'joint')?.value).toBe('Ankle');
  });
});
