/** Query keys of the report screens. */
export const reportKeys = {
  all: ['reports'] as const,
  conditions: ['reports', 'conditions'] as const,
  list: (seqMedicalRelation: number) => ['reports', 'list', seqMedicalRelation] as const,
  one: (seqReport: number) => ['reports', 'one', seqReport] as const,
};
