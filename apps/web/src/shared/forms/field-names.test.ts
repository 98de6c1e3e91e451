import { addQuestionnaireSchedule } from '@clinic/contract';
import { describe, expect, it } from 'vitest';
import { withFieldNames } from './field-names.ts';

describe('a request schema with the form’s field names', () => {
  it("names a cadence's issue by its own field", () => {
    const schema = withFieldNames(addQuestionnaireSchedule.request, (path) =>
      path[0] === 'cadence' ? String(path[1] ?? 'kind') : String(path[0] ?? ''),
    );
    const result = schema.safeParse({
      seqMedicalRelation: 7,
      instrument: { kind: 'shipped', key: 'lefs' },
      cadence: { kind: 'repeat', every: 60, unit: 'weeks', startDate: '2026-12-01', time: '9am', times: 3 },
    });
    expect(result.success).toBe(false);
    expect(result.success ? [] : result.error.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [['every'], 'validation.out_of_range'],
      [['time'], 'validation.time_format'],
    ]);
  });

  it('passes a valid request through as the schema parsed it', () => {
    const schema = withFieldNames(addQuestionnaireSchedule.request, () => 'never');
    const request = {
      seqMedicalRelation: 7,
      instrument: { kind: 'shipped', key: 'lefs' },
      cadence: { kind: 'once' },
    } as const;
    expect(schema.safeParse(request)).toEqual({ success: true, data: request });
  });
});
