import type { Language } from '@clinic/contract';
import { links } from '@clinic/contract';
import type { MailMessage } from './mailer.ts';

interface Texts {
  verifySubject: string;
  verifyBody: (name: string, hours: number) => string;
  verifyAction: string;
  resetSubject: string;
  resetBody: (name: string, minutes: number) => string;
  resetAction: string;
  findIdSubject: string;
  findIdBody: (name: string, userId: string) => string;
  ignore: string;
}

const texts: Record<Language, Texts> = {
  en: {
    verifySubject: 'Verify your e-mail address',
    verifyBody: (name, hours) =>
      `Hello ${name}, please confirm your e-mail address to activate your clinic account. The link works once and expires in ${hours} hours.`,
    verifyAction: 'Verify my e-mail address',
    resetSubject: 'Set a new password',
    resetBody: (name, minutes) =>
      `Hello ${name}, we received a request to reset your password. The link works once and expires in ${minutes} minutes.`,
    resetAction: 'Set a new password',
    findIdSubject: 'Your clinic account ID',
    findIdBody: (name, userId) => `Hello ${name}, the ID of your clinic account is: ${userId}`,
    ignore: 'If you did not ask for this, you can ignore this message.',
  },
  ko: {
    verifySubject: '이메일 주소를 인증해 주세요',
    verifyBody: (name, hours) =>
      `${name}님, 클리닉 계정을 활성화하려면 이메일 주소를 인증해 주세요. 링크는 한 번만 사용할 수 있으며 ${hours}시간 후에 만료됩니다.`,
    verifyAction: '이메일 인증하기',
    resetSubject: '새 비밀번호를 설정해 주세요',
    resetBody: (name, minutes) =>
      `${name}님, 비밀번호 재설정 요청을 받았습니다. 링크는 한 번만 사용할 수 있으며 ${minutes}분 후에 만료됩니다.`,
    resetAction: '새 비밀번호 설정',
    findIdSubject: '클리닉 계정 아이디 안내',
    findIdBody: (name, userId) => `${name}님, 클리닉 계정의 아이디는 ${userId} 입니다.`,
    ignore: '요청하지 않으셨다면 이 메시지를 무시하셔도 됩니다.',
  },
  'zh-HK': {
    verifySubject: '請驗證你的電郵地址',
    verifyBody: (name, hours) =>
      `${name}你好，請確認你的電郵地址以啟用診所帳戶。此連結只可使用一次，並會在 ${hours} 小時後失效。`,
    verifyAction: '驗證我的電郵地址',
    resetSubject: '設定新密碼',
    resetBody: (name, minutes) =>
      `${name}你好，我們收到重設密碼的要求。此連結只可使用一次，並會在 ${minutes} 分鐘後失效。`,
    resetAction: '設定新密碼',
    findIdSubject: '你的診所帳戶 ID',
    findIdBody: (name, userId) => `${name}你好，你的診所帳戶 ID 是：${userId}`,
    ignore: '如果這不是你提出的要求，請忽略此訊息。',
  },
  cs: {
    verifySubject: 'Ověřte svou e-mailovou adresu',
    verifyBody: (name, hours) =>
      `Dobrý den, ${name}, potvrďte prosím svou e-mailovou adresu a aktivujte tak svůj účet kliniky. Odkaz lze použít jednou a jeho platnost vyprší za ${hours} hodin.`,
    verifyAction: 'Ověřit e-mailovou adresu',
    resetSubject: 'Nastavte si nové heslo',
    resetBody: (name, minutes) =>
      `Dobrý den, ${name}, obdrželi jsme žádost o obnovení hesla. Odkaz lze použít jednou a jeho platnost vyprší za ${minutes} minut.`,
    resetAction: 'Nastavit nové heslo',
    findIdSubject: 'ID vašeho účtu kliniky',
    findIdBody: (name, userId) => `Dobrý den, ${name}, ID vašeho účtu kliniky je: ${userId}`,
    ignore: 'Pokud jste o to nežádali, můžete tuto zprávu ignorovat.',
  },
};

const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

function withLink(
  to: string,
  subject: string,
  body: string,
  action: string,
  link: string,
  ignore: string,
): MailMessage {
  return {
    to,
    subject,
    text: `${body}\n\n${action}: ${link}\n\n${ignore}\n`,
    html: `<p>${escapeHtml(body)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p><p>${escapeHtml(ignore)}</p>`,
  };
}

export function verificationMail(language: Language, to: string, name: string, link: string): MailMessage {
  const t = texts[language];
  return withLink(to, t.verifySubject, t.verifyBody(name, links.verifyEmailHours), t.verifyAction, link, t.ignore);
}

export function passwordResetMail(language: Language, to: string, name: string, link: string): MailMessage {
  const t = texts[language];
  return withLink(to, t.resetSubject, t.resetBody(name, links.resetPasswordMinutes), t.resetAction, link, t.ignore);
}

export function userIdMail(language: Language, to: string, name: string, userId: string): MailMessage {
  const t = texts[language];
  const body = t.findIdBody(name, userId);
  return {
    to,
    subject: t.findIdSubject,
    text: `${body}\n\n${t.ignore}\n`,
    html: `<p>${escapeHtml(body)}</p><p>${escapeHtml(t.ignore)}</p>`,
  };
}

/** A question to the service team, written in the team's language, with who asked; answering it answers them. */
export function inquiryMail(
  to: string,
  inquiry: {
    seqBoard: number;
    kind: string;
    category: string;
    title: string;
    content: string;
    name: string | null;
    email: string | null;
    organization: string | null;
    phone: string | null;
  },
): MailMessage {
  const from = [inquiry.name, inquiry.email, inquiry.organization, inquiry.phone].filter(Boolean).join(', ');
  const heading = `${inquiry.kind === 'provider' ? 'Provider inquiry' : 'Clinician inquiry'} #${inquiry.seqBoard} (${inquiry.category}) from ${from}`;
  return {
    to,
    ...(inquiry.email && { replyTo: inquiry.email }),
    subject: `[Inquiry #${inquiry.seqBoard}] ${inquiry.title}`,
    text: `${heading}\n\n${inquiry.title}\n\n${inquiry.content}\n`,
    html: `<p>${escapeHtml(heading)}</p><h3>${escapeHtml(inquiry.title)}</h3><p style="white-space:pre-wrap">${escapeHtml(inquiry.content)}</p>`,
  };
}
