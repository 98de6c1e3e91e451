import type { ConditionEntry } from '@clinic/contract';
import { describe, expect, it } from 'vitest';
import { data, outcomes, report } from './report-fixture.ts';
import { outputBlocker } from './report-model.ts';

const empty = {
  ...report,
  romDays: [],
  data: {
    ...data,
    deviceDays: [{ startDate: '2026-01-01', endDate: '2026-01-30', days: 0, meetsBillingThreshold: false }],
  },
};
const condition = { seqPatientStatus: 1, recordedAt: '2025-12-01T09:00:00Z' } as ConditionEntry;

describe('what keeps a report from being printed, exported or saved', () => {
  it('is nothing for a period with device data and a chosen parameter', () => {
    expect(outputBlocker(report)).toBeUndefined();
  });

  it('is a period with no device data and no condition', () => {
    expect(outputBlocker(empty)).toBe('report.nothingToReport');
  });

  it('is not a period with a condition only, or device days outside the chosen joint only', () => {
    expect(outputBlocker({ ...empty, data: { ...empty.data, lastStatus: condition } })).toBeUndefined();
    expect(outputBlocker({ ...empty, data: { ...empty.data, initStatus: condition } })).toBeUndefined();
    expect(outputBlocker({ ...empty, data })).toBeUndefined();
  });

  it('is not a period with questionnaire scores only, once they are chosen for the report', () => {
    expect(outputBlocker({ ...empty, data: { ...empty.data, outcomes } })).toBeUndefined();
    expect(outputBlocker({ ...empty, data: { ...empty.data, outcomes: [] } })).toBe('report.nothingToReport');
  });

  it('is not a period with messages only, once they are chosen for the report', () => {
    const messages = [
      {
        senderRole: 'patient' as const,
        automatic: null,
        sentAt: '2026-01-05T09:00:00Z',
        text: 'The knee is better',
        attachmentNames: [],
        withdrawnAt: null,
      },
    ];
    expect(outputBlocker({ ...empty, data: { ...empty.data, messages } })).toBeUndefined();
    expect(outputBlocker({ ...empty, data: { ...empty.data, messages: [] } })).toBe('report.nothingToReport');
  });

  it('is no parameter chosen, whatever the data', () => {
    expect(outputBlocker({ ...report, parameters: [] })).toBe('validation.report_parameter_required');
    expect(outputBlocker({ ...empty, parameters: [] })).toBe('validation.report_parameter_required');
  });
});
