import { boundExtensions, fhirCanonicalBase, type OutcomeItem } from './fhir.ts';
import type { OutcomeInstrument } from './instrument.ts';

/**
 * Patient-Specific Functional Scale (Stratford, Gill, Westaway & Binkley 1995): the patient names
 * 3 to 5 activities and rates each 0 (unable to perform) to 10 (as before the problem); the score
 * is the mean of the ratings. Activities 4 and 5 are optional; a rating is asked for each activity
 * named, and only for those.
 */
const activities = [1, 2, 3, 4, 5] as const;
const requiredActivities = 3;

function activityItems(number: (typeof activities)[number]): OutcomeItem[] {
  const required = number <= requiredActivities;
  return [
    { linkId: `activity-${number}`, text: `Activity ${number}`, type: 'string', required, maxLength: 100 },
    {
      linkId: `rating-${number}`,
      text: `Rating of activity ${number}: 0 = unable to perform activity, 10 = able to perform activity at the same level as before injury or problem`,
      type: 'integer',
      required: true,
      extension: boundExtensions('integer', 0, 10),
      // Asked once the activity is named: an optional activity left blank has no rating.
      ...(required
        ? {}
        : { enableWhen: [{ question: `activity-${number}`, operator: 'exists', answerBoolean: true }] }),
    },
  ];
}

export const psfs: OutcomeInstrument = {
  questionnaire: {
    resourceType: 'Questionnaire',
    id: 'psfs',
    url: `${fhirCanonicalBase}/Questionnaire/psfs`,
    version: '1995',
    name: 'PSFS',
    title: 'Patient-Specific Functional Scale',
    status: 'active',
    language: 'en',
    subjectType: ['Patient'],
    description:
      'Three to five important activities the patient is unable to do or has difficulty with, each rated 0 to 10; the score is the mean of the ratings.',
    copyright:
      'Stratford P, Gill C, Westaway M, Binkley J. Assessing disability and change on individual patients: a report of a patient specific measure. Physiotherapy Canada 1995;47:258-263. Free to use; reproduced without change.',
    item: [
      {
        linkId: 'instructions',
        type: 'display',
        text: 'Name at least three and up to five important activities that you are unable to do or are having difficulty with as a result of your problem. Rate each activity: 0 = unable to perform activity, 10 = able to perform activity at the same level as before injury or problem.',
      },
      ...activities.flatMap(activityItems),
    ],
  },
  scoring: {
    kind: 'mean',
    items: activities.map((number) => `rating-${number}`),
    maxMissing: activities.length - requiredActivities,
  },
  mcid: 2,
  direction: 'higherIsBetter',
};
