import { describe, expect, it } from 'vitest';
import { trialEndingMail, type SubscriptionMail } from './templates.ts';

const hour = 3_600_000;
const endsAt = new Date('2026-12-22T09:00:00Z');
const mail = (language: SubscriptionMail['language']): SubscriptionMail => ({
  language,
  to: 'clinician@clinic.test',
  name: 'Ada Lovelace',
  plan: { code: 'basic', title: 'Basic', priceMinor: 4900, currency: 'USD' },
  last4: '4242',
  at: endsAt,
  link: 'http://clinic.test/options',
});
const subjectAt = (language: SubscriptionMail['language'], hoursLeft: number) =>
  trialEndingMail(mail(language), new Date(endsAt.getTime() - hoursLeft * hour)).subject;

describe('the trial reminder', () => {
  it('counts the days left, rounded up, with the plural of each language', () => {
    expect([72, 48.5, 30, 2].map((hours) => subjectAt('en', hours))).toEqual([
      'Your free trial ends in 3 days',
      'Your free trial ends in 3 days',
      'Your free trial ends in 2 days',
      'Your free trial ends in 1 day',
    ]);
    expect([72, 30, 2].map((hours) => subjectAt('cs', hours))).toEqual([
      'Vaše zkušební doba zdarma skončí za 3 dny',
      'Vaše zkušební doba zdarma skončí za 2 dny',
      'Vaše zkušební doba zdarma skončí za 1 den',
    ]);
    expect(subjectAt('ko', 2)).toBe('무료 체험이 1일 후에 종료됩니다');
    expect(subjectAt('zh-HK', 30)).toBe('你的免費試用將於 2 天後結束');
  });
});
