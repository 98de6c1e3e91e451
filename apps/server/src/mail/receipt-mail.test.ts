import { receiptNumber, type Language, type Receipt } from '@clinic/contract';
import { describe, expect, it } from 'vitest';
import { receiptMail } from './receipt-mail.ts';

const receipt = (overrides: Partial<Receipt> = {}): Receipt => ({
  seqPayment: 7,
  receiptNumber: 'R-2026-000042',
  paidAt: '2026-12-22T09:05:00.000Z',
  billedTo: 'Ada Lovelace',
  clinicName: 'Harbour <Rehab> & Co',
  clinicAddress: '12 Pier Road\nKowloon',
  productCode: 'standard',
  productTitle: 'Standard',
  kind: 'renewal',
  periodStart: '2026-12-22T09:00:00.000Z',
  periodEnd: '2027-01-22T09:00:00.000Z',
  amountMinor: 9900,
  currency: 'USD',
  cardLast4: '4242',
  ...overrides,
});
const mail = (language: Language, overrides: Partial<Receipt> = {}) =>
  receiptMail({
    language,
    to: 'ada@clinic.test',
    name: 'Ada Lovelace',
    receipt: receipt(overrides),
    link: 'http://clinic.test/receipt?seqPayment=7',
  });

describe('the receipt number', () => {
  it('is the year of the charge in UTC and the sequence, six digits at least', () => {
    expect(receiptNumber(42, new Date('2026-12-31T23:30:00Z'))).toBe('R-2026-000042');
    expect(receiptNumber(42, new Date('2027-01-01T00:00:00Z'))).toBe('R-2027-000042');
    expect(receiptNumber(1_234_567, new Date('2026-06-01T00:00:00Z'))).toBe('R-2026-1234567');
  });
});

describe('the receipt mail', () => {
  it('shows the amount in the currency’s own minor unit, the period in UTC, and the card, in each language', () => {
    expect(mail('en').text).toContain('Amount paid: $99.00');
    expect(mail('en').text).toContain('Period: December 22, 2026 – January 22, 2027');
    expect(mail('en').text).toContain('Paid on: December 22, 2026 at 9:05 AM UTC');
    expect(mail('en', { amountMinor: 4900, currency: 'JPY' }).text).toContain('Amount paid: ¥4,900');
    expect(mail('cs', { amountMinor: 129_900, currency: 'CZK' }).text).toContain(
      'Zaplacená částka: 1\u00a0299,00\u00a0Kč',
    );
    expect(mail('ko', { amountMinor: 49_000, currency: 'KRW' }).text).toContain('결제 금액: ₩49,000');
    expect(mail('zh-HK', { amountMinor: 39_900, currency: 'HKD' }).text).toContain('已付金額: HK$399.00');
    expect(mail('ko').text).toContain('이용 기간: 2026년 12월 22일 – 2027년 1월 22일');
    expect(mail('zh-HK').text).toContain('計劃: 標準');
    expect(mail('cs').text).toContain('Karta: končící 4242');
    expect(mail('en', { cardLast4: null }).text).not.toContain('Card:');
  });

  it('puts the clinic on one line of text and escapes it in HTML', () => {
    const { subject, text, html } = mail('en');
    expect(subject).toBe('Your receipt R-2026-000042');
    expect(text).toContain('Billed to: Ada Lovelace, Harbour <Rehab> & Co, 12 Pier Road, Kowloon');
    expect(text).toContain('View and print the receipt: http://clinic.test/receipt?seqPayment=7');
    expect(html).toContain('Harbour &#60;Rehab&#62; &#38; Co');
    expect(html).not.toContain('<Rehab>');
  });
});
