import { fhirCanonicalBase, ordinalValue, type OutcomeItem } from './fhir.ts';
import type { OutcomeInstrument } from './instrument.ts';

/**
 * KOOS JR and HOOS JR, the joint-replacement short forms of the KOOS and the HOOS (Hospital for
 * Special Surgery; Lyman et al. 2016, Clin Orthop Relat Res 474:1472-1482 and 1461-1471). Each item
 * is None (0) to Extreme (4); the raw sum is read in the interval-score table HSS publishes,
 * 100 = perfect joint health. The table converts a complete raw sum only, so every item is
 * required and a response with one missing is not scored. Item codes are LOINC's.
 */
const loinc = 'http://loinc.org';
const severitySystem = `${fhirCanonicalBase}/CodeSystem/koos-severity`;
const severities = ['None', 'Mild', 'Moderate', 'Severe', 'Extreme'] as const;

function severityItem(linkId: string, loincCode: string, text: string): OutcomeItem {
  return {
    linkId,
    code: [{ system: loinc, code: loincCode }],
    text,
    type: 'choice',
    required: true,
    answerOption: severities.map((display, score) => ({
      valueCoding: { system: severitySystem, code: display.toLowerCase(), display, extension: [ordinalValue(score)] },
    })),
  };
}

const section = (linkId: string, text: string): OutcomeItem => ({ linkId, type: 'display', text });

const functionInstructions = (joint: string): string =>
  `The following questions concern your physical function. By this we mean your ability to move around and to look after yourself. For each of the following activities please indicate the degree of difficulty you have experienced in the last week due to your ${joint}.`;

const copyright = (name: string, parent: string): string =>
  `${name} © Hospital for Special Surgery, derived from the ${parent} (Ewa M. Roos, koos.nu). Free to use; reproduced without change.`;

/** HSS KOOS JR conversion: raw sum 0-28 to the interval score. */
export const koosJrIntervalScores = [
  100.0, 91.975, 84.6, 79.914, 76.332, 73.342, 70.704, 68.284, 65.994, 63.776, 61.583, 59.381, 57.14, 54.84, 52.465,
  50.012, 47.487, 44.905, 42.281, 39.625, 36.931, 34.174, 31.307, 28.251, 24.875, 20.941, 15.939, 8.291, 0.0,
] as const;

/** HSS HOOS JR conversion: raw sum 0-24 to the interval score. */
export const hoosJrIntervalScores = [
  100.0, 92.34, 85.257, 80.55, 76.776, 73.472, 70.426, 67.516, 64.664, 61.815, 58.93, 55.985, 52.965, 49.858, 46.652,
  43.335, 39.902, 36.363, 32.735, 29.009, 25.103, 20.805, 15.633, 8.104, 0.0,
] as const;

const koosJrItems: OutcomeItem[] = [
  section(
    'stiffness',
    'Stiffness. The following question concerns the amount of joint stiffness you have experienced during the last week in your knee. Stiffness is a sensation of restriction or slowness in the ease with which you move your knee joint.',
  ),
  severityItem('koosjr-1', '82325-2', 'How severe is your knee stiffness after first wakening in the morning?'),
  section('pain', 'Pain. What amount of knee pain have you experienced the last week during the following activities?'),
  severityItem('koosjr-2', '82326-0', 'Twisting/pivoting on your knee'),
  severityItem('koosjr-3', '82327-8', 'Straightening knee fully'),
  severityItem('koosjr-4', '82328-6', 'Going up or down stairs'),
  severityItem('koosjr-5', '82329-4', 'Standing upright'),
  section('function', `Function, daily living. ${functionInstructions('knee')}`),
  severityItem('koosjr-6', '82330-2', 'Rising from sitting'),
  severityItem('koosjr-7', '82331-0', 'Bending to floor/pick up an object'),
];

const hoosJrItems: OutcomeItem[] = [
  section('pain', 'Pain. What amount of hip pain have you experienced the last week during the following activities?'),
  severityItem('hoosjr-1', '82317-9', 'Going up or down stairs'),
  severityItem('hoosjr-2', '82318-7', 'Walking on an uneven surface'),
  section('function', `Function, daily living. ${functionInstructions('hip')}`),
  severityItem('hoosjr-3', '82319-5', 'Rising from sitting'),
  severityItem('hoosjr-4', '82320-3', 'Bending to floor/pick up an object'),
  severityItem('hoosjr-5', '82321-1', 'Lying in bed (turning over, maintaining hip position)'),
  severityItem('hoosjr-6', '82322-9', 'Sitting'),
];

const scoredLinkIds = (items: OutcomeItem[]): string[] =>
  items.filter((item) => item.type === 'choice').map((item) => item.linkId);

export const koosJr: OutcomeInstrument = {
  questionnaire: {
    resourceType: 'Questionnaire',
    id: 'koos-jr',
    url: `${fhirCanonicalBase}/Questionnaire/koos-jr`,
    version: '2016',
    name: 'KOOSJR',
    title: 'Knee injury and Osteoarthritis Outcome Score for Joint Replacement (KOOS JR)',
    status: 'active',
    language: 'en',
    subjectType: ['Patient'],
    code: [{ system: loinc, code: '82324-5' }],
    description:
      '7 items on knee stiffness, pain and function, each None (0) to Extreme (4); the raw sum 0-28 is converted to a 0-100 interval score (100 = perfect knee health).',
    copyright: copyright('KOOS JR', 'KOOS'),
    item: koosJrItems,
  },
  scoring: { kind: 'table', items: scoredLinkIds(koosJrItems), table: [...koosJrIntervalScores] },
  mcid: 20,
  direction: 'higherIsBetter',
};

export const hoosJr: OutcomeInstrument = {
  questionnaire: {
    resourceType: 'Questionnaire',
    id: 'hoos-jr',
    url: `${fhirCanonicalBase}/Questionnaire/hoos-jr`,
    version: '2016',
    name: 'HOOSJR',
    title: 'Hip disability and Osteoarthritis Outcome Score for Joint Replacement (HOOS JR)',
    status: 'active',
    language: 'en',
    subjectType: ['Patient'],
    code: [{ system: loinc, code: '82316-1' }],
    description:
      '6 items on hip pain and function, each None (0) to Extreme (4); the raw sum 0-24 is converted to a 0-100 interval score (100 = perfect hip health).',
    copyright: copyright('HOOS JR', 'HOOS'),
    item: hoosJrItems,
  },
  scoring: { kind: 'table', items: scoredLinkIds(hoosJrItems), table: [...hoosJrIntervalScores] },
  mcid: 22,
  direction: 'higherIsBetter',
};
