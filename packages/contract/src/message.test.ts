import { describe, expect, it } from 'vitest';
import { fillTemplate, sendMessage } from './message.ts';

describe('a reply template', () => {
  it('fills every variable it holds, and leaves other braces as typed', () => {
    expect(
      fillTemplate('Hi {patientFirstName}, see you {nextVisit}. {clinicianName} {unknown}', {
        patientFirstName: 'Jana',
        nextVisit: 'Mon 30 Nov, 10:00',
        clinicianName: 'Mira Novak',
      }),
    ).toEqual({ text: 'Hi Jana, see you Mon 30 Nov, 10:00. Mira Novak {unknown}' });
  });

  it('names the first variable without a value instead of sending a blank', () => {
    expect(fillTemplate('See you {nextVisit}, {patientFirstName}', { patientFirstName: 'Jana' })).toEqual({
      missing: 'nextVisit',
    });
    expect(fillTemplate('Hi {patientFirstName}', { patientFirstName: '  ' })).toEqual({ missing: 'patientFirstName' });
    expect(fillTemplate('No variables here', {})).toEqual({ text: 'No variables here' });
  });
});

describe('a message', () => {
  const base = { seqMedicalRelation: 1, idempotencyKey: '3f2c1a4e-8b7d-4c6e-9f0a-1b2c3d4e5f60' };

  it('holds text or a file, plain text of at most 4,000 characters', () => {
    expect(sendMessage.request.safeParse({ ...base, text: 'Hello\n\tthere' }).success).toBe(true);
    expect(
      sendMessage.request.safeParse({ ...base, text: '', attachmentIds: ['3f2c1a4e-8b7d-4c6e-9f0a-1b2c3d4e5f61'] })
        .success,
    ).toBe(true);
    const codeOf = (text: string) => sendMessage.request.safeParse({ ...base, text }).error?.issues[0]?.message;
    expect(codeOf(' \n ')).toBe('validation.message_empty');
    expect(codeOf('x'.repeat(4001))).toBe('validation.message_too_long');
    expect(codeOf('nul \u0000')).toBe('validation.plain_text');
  });
});
