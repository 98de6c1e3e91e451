import type { BrowserLabel, Language } from '@clinic/contract';
import type { MailMessage } from './mailer.ts';
import { instantIn, withLink } from './templates.ts';

/** The changes of how the account logs in that are mailed to its owner. */
export type LoginChange =
  'totp_added' | 'totp_removed' | 'passkey_added' | 'passkey_removed' | 'recovery_codes_renewed' | 'password_changed';

interface Texts {
  browserOn: (browser: string, os: string) => string;
  unknownBrowser: string;
  newBrowserSubject: string;
  newBrowserBody: (name: string, browser: string, address: string, when: string) => string;
  loginChangeSubject: string;
  loginChange: Record<LoginChange, string>;
  loginChangeBody: (name: string, change: string, when: string) => string;
  openMyPage: string;
}

const texts: Record<Language, Texts> = {
  en: {
    browserOn: (browser, os) => `${browser} on ${os}`,
    unknownBrowser: 'an unknown browser',
    newBrowserSubject: 'New login to your clinic account',
    newBrowserBody: (name, browser, address, when) =>
      `Hello ${name}, your clinic account was logged in to from a browser not used for it before: ${browser}, from the address ${address}, on ${when}. If this was you, there is nothing to do. If not, end that session on My page and set a new password.`,
    loginChangeSubject: 'The login of your clinic account changed',
    loginChange: {
      totp_added: 'an authenticator app was set up as the second step of your login',
      totp_removed: 'the authenticator app was removed from your login',
      passkey_added: 'a passkey was added to your account',
      passkey_removed: 'a passkey was removed from your account',
      recovery_codes_renewed: 'your recovery codes were replaced with new ones',
      password_changed: 'the password of your account was changed',
    },
    loginChangeBody: (name, change, when) =>
      `Hello ${name}, ${change} on ${when}. If this was not you, set a new password and check your account on My page.`,
    openMyPage: 'Open My page',
  },
  ko: {
    browserOn: (browser, os) => `${os}의 ${browser}`,
    unknownBrowser: '알 수 없는 브라우저',
    newBrowserSubject: '클리닉 계정에 새 로그인이 있었습니다',
    newBrowserBody: (name, browser, address, when) =>
      `${name}님, ${when}에 이전에 사용한 적 없는 브라우저(${browser}, 주소 ${address})에서 클리닉 계정에 로그인했습니다. 본인이라면 아무것도 하지 않으셔도 됩니다. 본인이 아니라면 마이페이지에서 해당 세션을 종료하고 새 비밀번호를 설정해 주세요.`,
    loginChangeSubject: '클리닉 계정의 로그인 방식이 변경되었습니다',
    loginChange: {
      totp_added: '인증 앱이 로그인의 두 번째 단계로 설정되었습니다',
      totp_removed: '인증 앱이 로그인에서 제거되었습니다',
      passkey_added: '계정에 패스키가 추가되었습니다',
      passkey_removed: '계정에서 패스키가 제거되었습니다',
      recovery_codes_renewed: '복구 코드가 새 코드로 교체되었습니다',
      password_changed: '계정의 비밀번호가 변경되었습니다',
    },
    loginChangeBody: (name, change, when) =>
      `${name}님, ${when}에 ${change}. 본인이 아니라면 새 비밀번호를 설정하고 마이페이지에서 계정을 확인해 주세요.`,
    openMyPage: '마이페이지 열기',
  },
  'zh-HK': {
    browserOn: (browser, os) => `${os} 上的 ${browser}`,
    unknownBrowser: '不明瀏覽器',
    newBrowserSubject: '你的診所帳戶有新的登入',
    newBrowserBody: (name, browser, address, when) =>
      `${name}你好，你的診所帳戶於 ${when} 從一個從未使用過的瀏覽器登入：${browser}，地址 ${address}。如果這是你本人，無須任何操作；如果不是，請在「我的頁面」結束該工作階段並設定新密碼。`,
    loginChangeSubject: '你的診所帳戶登入方式已變更',
    loginChange: {
      totp_added: '已設定驗證器應用程式作為登入的第二步',
      totp_removed: '已從登入中移除驗證器應用程式',
      passkey_added: '你的帳戶已新增一個通行密鑰',
      passkey_removed: '你的帳戶已移除一個通行密鑰',
      recovery_codes_renewed: '你的復原代碼已換成一組新的代碼',
      password_changed: '你的帳戶密碼已更改',
    },
    loginChangeBody: (name, change, when) =>
      `${name}你好，${when}：${change}。如果這不是你本人所為，請設定新密碼，並在「我的頁面」檢查你的帳戶。`,
    openMyPage: '開啟我的頁面',
  },
  cs: {
    browserOn: (browser, os) => `${browser} v systému ${os}`,
    unknownBrowser: 'neznámý prohlížeč',
    newBrowserSubject: 'Nové přihlášení k vašemu účtu kliniky',
    newBrowserBody: (name, browser, address, when) =>
      `Dobrý den, ${name}, k vašemu účtu kliniky se ${when} přihlásil prohlížeč, který k němu dosud použit nebyl: ${browser}, z adresy ${address}. Pokud jste to byli vy, nemusíte nic dělat. Pokud ne, ukončete tuto relaci v sekci Můj profil a nastavte si nové heslo.`,
    loginChangeSubject: 'Přihlašování k vašemu účtu kliniky se změnilo',
    loginChange: {
      totp_added: 'byla nastavena ověřovací aplikace jako druhý krok přihlášení',
      totp_removed: 'ověřovací aplikace byla z přihlašování odebrána',
      passkey_added: 'k vašemu účtu byl přidán přístupový klíč',
      passkey_removed: 'z vašeho účtu byl odebrán přístupový klíč',
      recovery_codes_renewed: 'byly vaše obnovovací kódy nahrazeny novými',
      password_changed: 'bylo změněno heslo k vašemu účtu',
    },
    loginChangeBody: (name, change, when) =>
      `Dobrý den, ${name}, ${when} ${change}. Pokud jste to nebyli vy, nastavte si nové heslo a zkontrolujte svůj účet v sekci Můj profil.`,
    openMyPage: 'Otevřít Můj profil',
  },
};

/** A browser as a reader of the language names it: "Chrome on macOS". */
function browserIn(t: Texts, label: BrowserLabel): string {
  if (!label.browser) return t.unknownBrowser;
  return label.os ? t.browserOn(label.browser, label.os) : label.browser;
}

/** Who a mail about the account's login goes to, when it happened, and where My page is. */
export interface SecurityMail {
  language: Language;
  to: string;
  name: string;
  at: Date;
  myPage: string;
}

/** A login from a browser the account had not been used from. */
export function newBrowserMail(mail: SecurityMail, label: BrowserLabel, address: string): MailMessage {
  const t = texts[mail.language];
  const body = t.newBrowserBody(mail.name, browserIn(t, label), address, instantIn(mail.language, mail.at));
  return withLink(mail.to, t.newBrowserSubject, body, t.openMyPage, mail.myPage);
}

/** A factor of the login (password, authenticator app, passkey, recovery codes) was added, replaced or removed. */
export function loginChangeMail(mail: SecurityMail, change: LoginChange): MailMessage {
  const t = texts[mail.language];
  const body = t.loginChangeBody(mail.name, t.loginChange[change], instantIn(mail.language, mail.at));
  return withLink(mail.to, t.loginChangeSubject, body, t.openMyPage, mail.myPage);
}
