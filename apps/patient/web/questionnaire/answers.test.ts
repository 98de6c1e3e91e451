import { lefs, psfs, validateAnswers, type OutcomeQuestionnaire } from '@clinic/contract';
import { describe, expect, it } from 'vitest';
import { answerErrors, answersOf, entryOfRequest, shownItems } from './answers.ts';

const linkIds = (questionnaire: OutcomeQuestionnaire, values: Record<string, string>): string[] =>
  shownItems(questionnaire, values).map((item) => item.linkId);

describe('the answers of a questionnaire as the patient enters them', () => {
  it('asks an optional PSFS activity’s rating only once the activity is named', () => {
    const shown = linkIds(psfs.questionnaire, {});
    expect(shown).toContain('rating-3');
    expect(shown).not.toContain('rating-4');
    expect(linkIds(psfs.questionnaire, { 'activity-4': '  ' })).not.toContain('rating-4');
    expect(linkIds(psfs.questionnaire, { 'activity-4': 'Cycling' })).toContain('rating-4');
  });

  it('turns choices, numbers and texts into QuestionnaireResponse items, leaving out blanks and questions not asked', () => {
    const answers = answersOf(psfs.questionnaire, {
      'activity-1': ' Stairs ',
      'rating-1': '4',
      'activity-2': '',
      'rating-5': '7',
    });
    expect(answers).toEqual([
      { linkId: 'activity-1', answer: [{ valueString: 'Stairs' }] },
      { linkId: 'rating-1', answer: [{ valueInteger: 4 }] },
    ]);
    const [choice] = answersOf(lefs.questionnaire, { 'lefs-1': 'none' });
    expect(choice?.answer[0]?.valueCoding).toEqual({
      system: 'http://clinic.localhost/fhir/CodeSystem/lefs-difficulty',
      code: 'none',
      display: 'No difficulty',
    });
  });

  it('finds each question’s first problem as the server’s check does', () => {
    const values = { 'activity-1': 'Stairs', 'rating-1': '11', 'activity-2': 'Walking', 'rating-2': '2.5' };
    const answers = answersOf(psfs.questionnaire, values);
    expect(answerErrors(psfs.questionnaire, answers)).toEqual({
      'rating-1': 'validation.out_of_range',
      'rating-2': 'validation.integer',
      'activity-3': 'validation.required',
      'rating-3': 'validation.required',
    });
    expect(validateAnswers(psfs.questionnaire, answers)).toHaveLength(4);

    const complete = Object.fromEntries(
      lefs.questionnaire.item.filter((item) => item.type === 'choice').map((item) => [item.linkId, 'moderate']),
    );
    expect(answerErrors(lefs.questionnaire, answersOf(lefs.questionnaire, complete))).toEqual({});
  });

  it('finds the answers kept on the device for a questionnaire', () => {
    const entry = (key: string, seqQuestionnaireRequest: number) => ({
      idempotencyKey: key,
      endpoint: '/patientApp/addQuestionnaireResponse',
      body: { idempotencyKey: key, seqQuestionnaireRequest, answers: [], authoredAt: '2026-01-01T00:00:00.000Z' },
      createdAt: '2026-01-01T00:00:00.000Z',
    });
    const entries = [entry('a', 3), entry('b', 4), entry('c', 3)];
    expect(entryOfRequest(entries, 3)?.idempotencyKey).toBe('c');
    expect(entryOfRequest(entries, 5)).toBeUndefined();
  });
});
