import type { Language } from '@clinic/contract';
import { withLink } from '../../mail/templates.ts';
import type { MailMessage } from '../../mail/mailer.ts';

interface Texts {
  subject: (clinician: string) => string;
  body: (name: string, clinician: string) => string;
  action: string;
}

const texts: Record<Language, Texts> = {
  en: {
    subject: (clinician) => `New message from ${clinician}`,
    body: (name, clinician) =>
      `Hello ${name}, ${clinician} sent you a message. For your privacy it is not shown here: open the app to read it.`,
    action: 'Read the message',
  },
  ko: {
    subject: (clinician) => `${clinician}님의 새 메시지`,
    body: (name, clinician) =>
      `${name}님, ${clinician}님이 메시지를 보냈습니다. 개인정보 보호를 위해 내용은 여기에 표시하지 않습니다. 앱에서 확인해 주세요.`,
    action: '메시지 읽기',
  },
  'zh-HK': {
    subject: (clinician) => `${clinician} 的新訊息`,
    body: (name, clinician) =>
      `${name} 你好，${clinician} 向你發送了訊息。為保障你的私隱，內容不會在此顯示，請打開應用程式閱讀。`,
    action: '閱讀訊息',
  },
  cs: {
    subject: (clinician) => `Nová zpráva od ${clinician}`,
    body: (name, clinician) =>
      `Dobrý den, ${name}, ${clinician} vám poslal(a) zprávu. Kvůli ochraně soukromí ji zde neuvádíme: přečtěte si ji v aplikaci.`,
    action: 'Přečíst zprávu',
  },
};

/** Tells a patient without push that a message waits, naming the clinician and never what they wrote. */
export function newMessageMail(
  language: Language,
  to: string,
  patientName: string,
  clinicianName: string,
  link: string,
): MailMessage {
  const t = texts[language];
  return withLink(to, t.subject(clinicianName), t.body(patientName, clinicianName), t.action, link);
}
