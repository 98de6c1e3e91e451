import { formatMoney, planName, type Language, type Receipt } from '@clinic/contract';
import type { MailMessage } from './mailer.ts';
import { escapeHtml, instantIn } from './templates.ts';

interface ReceiptTexts {
  subject: (number: string) => string;
  body: (name: string) => string;
  number: string;
  paidAt: string;
  billedTo: string;
  plan: string;
  period: string;
  amount: string;
  card: string;
  cardEnding: (last4: string) => string;
  action: string;
}

const texts: Record<Language, ReceiptTexts> = {
  en: {
    subject: (number) => `Your receipt ${number}`,
    body: (name) => `Hello ${name}, thank you for your payment. Here is your receipt.`,
    number: 'Receipt number',
    paidAt: 'Paid on',
    billedTo: 'Billed to',
    plan: 'Plan',
    period: 'Period',
    amount: 'Amount paid',
    card: 'Card',
    cardEnding: (last4) => `ending in ${last4}`,
    action: 'View and print the receipt',
  },
  ko: {
    subject: (number) => `영수증 ${number}`,
    body: (name) => `${name}님, 결제해 주셔서 감사합니다. 영수증을 보내 드립니다.`,
    number: '영수증 번호',
    paidAt: '결제일',
    billedTo: '청구 대상',
    plan: '요금제',
    period: '이용 기간',
    amount: '결제 금액',
    card: '카드',
    cardEnding: (last4) => `끝자리 ${last4}`,
    action: '영수증 보기 및 인쇄',
  },
  'zh-HK': {
    subject: (number) => `你的收據 ${number}`,
    body: (name) => `${name}你好，多謝你的付款。以下是你的收據。`,
    number: '收據編號',
    paidAt: '付款日期',
    billedTo: '付款人',
    plan: '計劃',
    period: '服務期',
    amount: '已付金額',
    card: '信用卡',
    cardEnding: (last4) => `尾號 ${last4}`,
    action: '查看及列印收據',
  },
  cs: {
    subject: (number) => `Doklad o platbě ${number}`,
    body: (name) => `Dobrý den, ${name}, děkujeme za vaši platbu. Zasíláme vám doklad o zaplacení.`,
    number: 'Číslo dokladu',
    paidAt: 'Zaplaceno',
    billedTo: 'Odběratel',
    plan: 'Tarif',
    period: 'Období',
    amount: 'Zaplacená částka',
    card: 'Karta',
    cardEnding: (last4) => `končící ${last4}`,
    action: 'Zobrazit a vytisknout doklad',
  },
};

/** A day in UTC, in a language: the reader's time zone is not known. */
const dayIn = (language: Language, at: string): string =>
  new Intl.DateTimeFormat(language, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(at),
  );

/** The lines of a receipt, each a label and its value, in a language. */
function receiptLines(language: Language, receipt: Receipt): [string, string][] {
  const t = texts[language];
  const billedTo = [receipt.billedTo, receipt.clinicName, receipt.clinicAddress].filter(Boolean).join('\n');
  return [
    [t.number, receipt.receiptNumber],
    [t.paidAt, instantIn(language, new Date(receipt.paidAt))],
    [t.billedTo, billedTo],
    [t.plan, planName(language, { productCode: receipt.productCode, defaultProductTitle: receipt.productTitle })],
    [t.period, `${dayIn(language, receipt.periodStart)} – ${dayIn(language, receipt.periodEnd)}`],
    [t.amount, formatMoney(receipt.amountMinor, receipt.currency, language)],
    ...(receipt.cardLast4 ? [[t.card, t.cardEnding(receipt.cardLast4)] as [string, string]] : []),
  ];
}

/** The receipt of a charge, mailed to the clinician in their language, with the way to print it. */
export function receiptMail({
  language,
  to,
  name,
  receipt,
  link,
}: {
  language: Language;
  to: string;
  name: string;
  receipt: Receipt;
  link: string;
}): MailMessage {
  const t = texts[language];
  const lines = receiptLines(language, receipt);
  const text = lines.map(([label, value]) => `${label}: ${value.replaceAll('\n', ', ')}`).join('\n');
  const rows = lines
    .map(
      ([label, value]) =>
        `<tr><th align="left" valign="top">${escapeHtml(label)}</th><td style="white-space:pre-line">${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  return {
    to,
    subject: t.subject(receipt.receiptNumber),
    text: `${t.body(name)}\n\n${text}\n\n${t.action}: ${link}\n`,
    html: `<p>${escapeHtml(t.body(name))}</p><table cellpadding="4">${rows}</table><p><a href="${escapeHtml(link)}">${escapeHtml(t.action)}</a></p>`,
  };
}
