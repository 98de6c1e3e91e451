import { fhirCanonicalBase, ordinalValue, type OutcomeItem } from './fhir.ts';
import type { OutcomeInstrument } from './instrument.ts';

/**
 * Lower Extremity Functional Scale (Binkley, Stratford, Lott & Riddle 1999): 20 activities, each
 * 0 (extreme difficulty or unable to perform) to 4 (no difficulty); the score is their sum, 0-80.
 * The form asks for an answer to every activity and its authors publish no rule for missing ones,
 * so every item is required and a response with one missing is not scored.
 */
const difficultySystem = `${fhirCanonicalBase}/CodeSystem/lefs-difficulty`;
const difficulties = [
  ['extreme', 'Extreme difficulty or unable to perform activity'],
  ['quite-a-bit', 'Quite a bit of difficulty'],
  ['moderate', 'Moderate difficulty'],
  ['a-little-bit', 'A little bit of difficulty'],
  ['none', 'No difficulty'],
] as const;

const activities = [
  'Any of your usual work, housework, or school activities.',
  'Your usual hobbies, recreational or sporting activities.',
  'Getting into or out of the bath.',
  'Walking between rooms.',
  'Putting on your shoes or socks.',
  'Squatting.',
  'Lifting an object, like a bag of groceries from the floor.',
  'Performing light activities around your home.',
  'Performing heavy activities around your home.',
  'Getting into or out of a car.',
  'Walking 2 blocks.',
  'Walking a mile.',
  'Going up or down 10 stairs (about 1 flight of stairs).',
  'Standing for 1 hour.',
  'Sitting for 1 hour.',
  'Running on even ground.',
  'Running on uneven ground.',
  'Making sharp turns while running fast.',
  'Hopping.',
  'Rolling over in bed.',
] as const;

const activityItems: OutcomeItem[] = activities.map((text, index) => ({
  linkId: `lefs-${index + 1}`,
  text,
  type: 'choice',
  required: true,
  answerOption: difficulties.map(([code, display], score) => ({
    valueCoding: { system: difficultySystem, code, display, extension: [ordinalValue(score)] },
  })),
}));

export const lefs: OutcomeInstrument = {
  questionnaire: {
    resourceType: 'Questionnaire',
    id: 'lefs',
    url: `${fhirCanonicalBase}/Questionnaire/lefs`,
    version: '1999',
    name: 'LEFS',
    title: 'Lower Extremity Functional Scale',
    status: 'active',
    language: 'en',
    subjectType: ['Patient'],
    description:
      '20 activities rated 0 (extreme difficulty or unable) to 4 (no difficulty); the score is their sum, 0 to 80.',
    copyright:
      'Binkley JM, Stratford PW, Lott SA, Riddle DL, The North American Orthopaedic Rehabilitation Research Network. The Lower Extremity Functional Scale (LEFS): scale development, measurement properties, and clinical application. Physical Therapy 1999;79(4):371-383. Free for clinical use; reproduced without change.',
    item: [
      {
        linkId: 'instructions',
        type: 'display',
        text: 'We are interested in knowing whether you are having any difficulty at all with the activities listed below because of your lower limb problem for which you are currently seeking attention. Please provide an answer for each activity. Today, do you or would you have any difficulty at all with:',
      },
      ...activityItems,
    ],
  },
  scoring: { kind: 'sum', items: activityItems.map((item) => item.linkId), maxMissing: 0 },
  mcid: 9,
  direction: 'higherIsBetter',
};
