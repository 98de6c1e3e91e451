import { describe, expect, it } from 'vitest';
import { fhirCanonicalBase, fhirExtension, optionScore, questionnaireLanguages } from './fhir.ts';
import { scoreRange, scoredItems } from './instrument.ts';
import { hoosJrIntervalScores, koosJrIntervalScores, shippedInstruments } from './index.ts';

const instruments = Object.entries(shippedInstruments);

describe('the shipped instruments', () => {
  it.each(instruments)('%s is an active FHIR R4 Questionnaire with our canonical url', (key, { questionnaire }) => {
    expect(questionnaire.resourceType).toBe('Questionnaire');
    expect(questionnaire.status).toBe('active');
    expect(questionnaire.url).toBe(`${fhirCanonicalBase}/Questionnaire/${key}`);
    expect(questionnaire.id).toBe(key);
    // FHIR invariant que-0: a name usable by machine processing.
    expect(questionnaire.name).toMatch(/^[A-Z][A-Za-z0-9_]{0,254}$/);
    expect(questionnaire.copyright).toMatch(/\S/);
    expect(questionnaireLanguages(questionnaire)).toEqual(['en']);
  });

  it.each(instruments)('%s has unique linkIds', (_key, { questionnaire }) => {
    const linkIds = questionnaire.item.map((item) => item.linkId);
    expect(new Set(linkIds).size).toBe(linkIds.length);
  });

  it.each(instruments)(
    '%s has an ordinalValue on every option and bounds on every number',
    (_key, { questionnaire }) => {
      for (const item of questionnaire.item) {
        if (item.type === 'choice') {
          expect(item.answerOption?.length, item.linkId).toBeGreaterThan(1);
          for (const option of item.answerOption ?? []) {
            expect(option.valueCoding?.system, item.linkId).toMatch(/^http/);
            expect(option.valueCoding?.code, item.linkId).toMatch(/\S/);
            expect(option.valueCoding?.display, item.linkId).toMatch(/\S/);
            expect(typeof optionScore(option), item.linkId).toBe('number');
          }
        }
        if (item.type === 'integer') {
          const urls = item.extension?.map((extension) => extension.url);
          expect(urls, item.linkId).toEqual([fhirExtension.minValue, fhirExtension.maxValue]);
        }
        // FHIR invariant que-6: a display item is never required.
        if (item.type === 'display') expect(item.required).toBeUndefined();
      }
    },
  );

  it.each(instruments)('%s scores items that exist and have a range', (_key, instrument) => {
    expect(scoredItems(instrument).map((item) => item.linkId)).toEqual(instrument.scoring.items);
  });

  it('gives each instrument the range, direction and minimal important change of its sources', () => {
    const summary = Object.fromEntries(
      instruments.map(([key, instrument]) => [
        key,
        { items: instrument.scoring.items.length, range: scoreRange(instrument), mcid: instrument.mcid },
      ]),
    );
    expect(summary).toEqual({
      psfs: { items: 5, range: { min: 0, max: 10 }, mcid: 2 },
      lefs: { items: 20, range: { min: 0, max: 80 }, mcid: 9 },
      'koos-jr': { items: 7, range: { min: 0, max: 100 }, mcid: 20 },
      'hoos-jr': { items: 6, range: { min: 0, max: 100 }, mcid: 22 },
    });
    for (const [, instrument] of instruments) expect(instrument.direction).toBe('higherIsBetter');
  });

  it('has a conversion value for every KOOS JR and HOOS JR raw sum, falling from 100 to 0', () => {
    for (const [table, items] of [
      [koosJrIntervalScores, 7],
      [hoosJrIntervalScores, 6],
    ] as const) {
      expect(table).toHaveLength(items * 4 + 1);
      expect(table[0]).toBe(100);
      expect(table.at(-1)).toBe(0);
      table.slice(1).forEach((value, index) => expect(value).toBeLessThan(table[index]!));
    }
  });
});
