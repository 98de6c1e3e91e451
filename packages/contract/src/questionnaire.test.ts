import { describe, expect, it } from 'vitest';
import { customInstrument, customQuestionnaireDefinition, lefs } from './outcome-measures/index.ts';
import { questionnaireIn } from './questionnaire.ts';

const elbow = customInstrument(
  customQuestionnaireDefinition.parse({
    title: { en: 'Elbow check', ko: '팔꿈치 확인' },
    languages: ['en', 'ko'],
    items: [
      {
        type: 'choice',
        text: { en: 'Pain', ko: '통증' },
        required: true,
        options: [
          { label: { en: 'None', ko: '없음' }, score: 0 },
          { label: { en: 'Much', ko: '많음' }, score: 4 },
        ],
      },
    ],
    scoring: 'sum',
    mcid: 1,
    direction: 'lowerIsBetter',
    licenceConfirmed: true,
  }),
  'a1',
).questionnaire;

describe('questionnaireIn', () => {
  it('puts the texts of a language the questionnaire has into its title, items and options', () => {
    const korean = questionnaireIn(elbow, 'ko');
    expect(korean).toMatchObject({ language: 'ko', title: '팔꿈치 확인', url: elbow.url });
    expect(korean.item[0]).toMatchObject({ text: '통증', linkId: 'item-1' });
    expect(korean.item[0]?.answerOption?.map((option) => option.valueCoding?.display)).toEqual(['없음', '많음']);
    expect(korean.item[0]?.answerOption?.[1]?.valueCoding?.code).toBe(
      elbow.item[0]?.answerOption?.[1]?.valueCoding?.code,
    );
  });

  it('leaves a questionnaire in its own language when it has no text in the one asked for', () => {
    expect(questionnaireIn(elbow, 'cs')).toBe(elbow);
    expect(questionnaireIn(elbow, 'en')).toBe(elbow);
    expect(questionnaireIn(lefs.questionnaire, 'zh-HK')).toBe(lefs.questionnaire);
  });
});
