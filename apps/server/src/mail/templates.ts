import type { Language } from '@clinic/contract';
import { formatMoney, links, planName } from '@clinic/contract';
import type { MailMessage } from './mailer.ts';

interface Texts {
  verifySubject: string;
  verifyBody: (name: string, hours: number) => string;
  verifyAction: string;
  resetSubject: string;
  resetBody: (name: string, minutes: number) => string;
  resetAction: string;
  loginFailuresSubject: string;
  loginFailuresBody: (name: string, count: number) => string;
  findIdSubject: string;
  findIdBody: (name: string, userId: string) => string;
  ignore: string;
  trialEndingSubject: (days: number) => string;
  trialEndingBody: (name: string, plan: string, date: string, amount: string, last4: string) => string;
  renewalFailedSubject: string;
  renewalFailedBody: (name: string, plan: string, amount: string, last4: string, date: string) => string;
  confirmPaymentSubject: string;
  confirmPaymentBody: (name: string, plan: string, amount: string, last4: string, date: string) => string;
  confirmPayment: string;
  openMyPage: string;
  questionnaireDueSubject: string;
  questionnaireDueBody: (clinician: string) => string;
  questionnaireReminderSubject: string;
  questionnaireReminderBody: (clinician: string) => string;
  openQuestionnaire: string;
  guestInviteSubject: (clinician: string) => string;
  guestInviteBody: (clinician: string, start: string, until: string) => string;
  joinVisit: string;
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
    loginFailuresSubject: 'Wrong passwords were entered for your account',
    loginFailuresBody: (name, count) =>
      `Hello ${name}, ${count} wrong passwords have been entered for your clinic account within a day. Further tries from those places are slowed down; you can still sign in with your password as usual. If they were not yours, set a new password.`,
    findIdSubject: 'Your clinic account ID',
    findIdBody: (name, userId) => `Hello ${name}, the ID of your clinic account is: ${userId}`,
    ignore: 'If you did not ask for this, you can ignore this message.',
    trialEndingSubject: (days) => `Your free trial ends in ${days} ${days === 1 ? 'day' : 'days'}`,
    trialEndingBody: (name, plan, date, amount, last4) =>
      `Hello ${name}, your free trial of the ${plan} plan ends on ${date}. Then ${amount} a month will be charged to your card ending in ${last4}. To keep your plan you need to do nothing; to stop it, cancel the renewal on My page before then.`,
    renewalFailedSubject: 'Your subscription payment failed',
    renewalFailedBody: (name, plan, amount, last4, date) =>
      `Hello ${name}, we could not charge ${amount} for the ${plan} plan to your card ending in ${last4}. Your plan stays in a grace period until ${date} while we try again once a day. Update your card on My page to keep your plan.`,
    confirmPaymentSubject: 'Confirm your subscription payment',
    confirmPaymentBody: (name, plan, amount, last4, date) =>
      `Hello ${name}, your bank asks you to confirm the payment of ${amount} for the ${plan} plan with your card ending in ${last4}. Your plan stays in a grace period until ${date}. Confirm the payment to keep your plan.`,
    confirmPayment: 'Confirm the payment',
    openMyPage: 'Open My page',
    questionnaireDueSubject: 'A questionnaire to fill in',
    questionnaireDueBody: (clinician) => `${clinician} sent you a questionnaire. Please fill it in in the app.`,
    questionnaireReminderSubject: 'Reminder: a questionnaire to fill in',
    questionnaireReminderBody: (clinician) => `The questionnaire from ${clinician} is still waiting for your answers.`,
    openQuestionnaire: 'Open the questionnaire',
    guestInviteSubject: (clinician) => `${clinician} invites you to a video visit`,
    guestInviteBody: (clinician, start, until) =>
      `${clinician} invites you to join a video visit of ${start} as a caregiver or interpreter. The link works once, in a browser, until ${until}. You will wait until the clinician lets you in.`,
    joinVisit: 'Join the video visit',
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
    loginFailuresSubject: '계정에 잘못된 비밀번호가 입력되었습니다',
    loginFailuresBody: (name, count) =>
      `${name}님, 하루 사이에 클리닉 계정에 잘못된 비밀번호가 ${count}번 입력되었습니다. 해당 위치에서의 추가 시도는 지연되며, 평소처럼 비밀번호로 로그인하실 수 있습니다. 본인이 시도한 것이 아니라면 새 비밀번호를 설정해 주세요.`,
    findIdSubject: '클리닉 계정 아이디 안내',
    findIdBody: (name, userId) => `${name}님, 클리닉 계정의 아이디는 ${userId} 입니다.`,
    ignore: '요청하지 않으셨다면 이 메시지를 무시하셔도 됩니다.',
    trialEndingSubject: (days) => `무료 체험이 ${days}일 후에 종료됩니다`,
    trialEndingBody: (name, plan, date, amount, last4) =>
      `${name}님, ${plan} 요금제의 무료 체험이 ${date}에 종료됩니다. 이후 끝자리 ${last4} 카드로 매월 ${amount}이(가) 결제됩니다. 요금제를 계속 이용하시려면 아무것도 하지 않으셔도 됩니다. 중단하시려면 그 전에 마이페이지에서 갱신을 취소해 주세요.`,
    renewalFailedSubject: '구독 결제에 실패했습니다',
    renewalFailedBody: (name, plan, amount, last4, date) =>
      `${name}님, ${plan} 요금제의 ${amount}을(를) 끝자리 ${last4} 카드로 결제하지 못했습니다. ${date}까지 유예 기간 동안 요금제가 유지되며 하루에 한 번 다시 결제를 시도합니다. 요금제를 유지하시려면 마이페이지에서 카드를 변경해 주세요.`,
    confirmPaymentSubject: '구독 결제를 승인해 주세요',
    confirmPaymentBody: (name, plan, amount, last4, date) =>
      `${name}님, 카드사에서 끝자리 ${last4} 카드로 결제되는 ${plan} 플랜 요금 ${amount}에 대한 본인 승인을 요청했습니다. 플랜은 ${date}까지 유예 기간으로 유지됩니다. 플랜을 계속 이용하려면 결제를 승인해 주세요.`,
    confirmPayment: '결제 승인하기',
    openMyPage: '마이페이지 열기',
    questionnaireDueSubject: '작성할 설문이 있습니다',
    questionnaireDueBody: (clinician) => `${clinician}님이 설문을 보냈습니다. 앱에서 작성해 주세요.`,
    questionnaireReminderSubject: '알림: 작성할 설문이 있습니다',
    questionnaireReminderBody: (clinician) => `${clinician}님이 보낸 설문이 아직 응답을 기다리고 있습니다.`,
    openQuestionnaire: '설문 열기',
    guestInviteSubject: (clinician) => `${clinician}님이 화상 진료에 초대했습니다`,
    guestInviteBody: (clinician, start, until) =>
      `${clinician}님이 ${start} 화상 진료에 보호자 또는 통역사로 참여하도록 초대했습니다. 링크는 브라우저에서 ${until}까지 한 번만 사용할 수 있습니다. 의료진이 입장을 허락할 때까지 기다리게 됩니다.`,
    joinVisit: '화상 진료 참여하기',
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
    loginFailuresSubject: '你的帳戶有人輸入了錯誤密碼',
    loginFailuresBody: (name, count) =>
      `${name}你好，一天內有人為你的診所帳戶輸入了 ${count} 次錯誤密碼。來自這些位置的後續嘗試會被減慢；你仍可如常以密碼登入。如果這些嘗試不是你本人所為，請設定新密碼。`,
    findIdSubject: '你的診所帳戶 ID',
    findIdBody: (name, userId) => `${name}你好，你的診所帳戶 ID 是：${userId}`,
    ignore: '如果這不是你提出的要求，請忽略此訊息。',
    trialEndingSubject: (days) => `你的免費試用將於 ${days} 天後結束`,
    trialEndingBody: (name, plan, date, amount, last4) =>
      `${name}你好，你的「${plan}」計劃免費試用將於 ${date} 結束。之後每月會從尾號 ${last4} 的信用卡扣款 ${amount}。如要保留計劃，你無須任何操作；如要停止，請在此之前於「我的頁面」取消續期。`,
    renewalFailedSubject: '你的訂閱付款失敗',
    renewalFailedBody: (name, plan, amount, last4, date) =>
      `${name}你好，我們未能從尾號 ${last4} 的信用卡扣取「${plan}」計劃的 ${amount}。你的計劃會在寬限期內保留至 ${date}，期間我們每天會再嘗試扣款一次。請在「我的頁面」更新信用卡，以保留你的計劃。`,
    confirmPaymentSubject: '請確認您的訂閱付款',
    confirmPaymentBody: (name, plan, amount, last4, date) =>
      `${name}您好，您的銀行要求您確認以尾號 ${last4} 的信用卡支付 ${plan} 方案的 ${amount}。您的方案在寬限期內保留至 ${date}。請確認付款以保留您的方案。`,
    confirmPayment: '確認付款',
    openMyPage: '開啟我的頁面',
    questionnaireDueSubject: '有一份問卷待填寫',
    questionnaireDueBody: (clinician) => `${clinician} 已向你發送一份問卷，請在應用程式內填寫。`,
    questionnaireReminderSubject: '提提你：有一份問卷待填寫',
    questionnaireReminderBody: (clinician) => `${clinician} 發送的問卷仍在等待你回答。`,
    openQuestionnaire: '打開問卷',
    guestInviteSubject: (clinician) => `${clinician} 邀請你參加視像診症`,
    guestInviteBody: (clinician, start, until) =>
      `${clinician} 邀請你以照顧者或傳譯員身份參加 ${start} 的視像診症。此連結只可在瀏覽器使用一次，有效至 ${until}。醫護人員讓你進入前，你會在候診室等候。`,
    joinVisit: '參加視像診症',
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
    loginFailuresSubject: 'K vašemu účtu byla zadána nesprávná hesla',
    loginFailuresBody: (name, count) =>
      `Dobrý den, ${name}, k vašemu účtu kliniky bylo během jednoho dne zadáno ${count} nesprávných hesel. Další pokusy z těchto míst se zpomalují; přihlásit se svým heslem můžete jako obvykle. Pokud jste to nebyli vy, nastavte si nové heslo.`,
    findIdSubject: 'ID vašeho účtu kliniky',
    findIdBody: (name, userId) => `Dobrý den, ${name}, ID vašeho účtu kliniky je: ${userId}`,
    ignore: 'Pokud jste o to nežádali, můžete tuto zprávu ignorovat.',
    trialEndingSubject: (days) =>
      `Vaše zkušební doba zdarma skončí za ${days} ${days === 1 ? 'den' : days < 5 ? 'dny' : 'dní'}`,
    trialEndingBody: (name, plan, date, amount, last4) =>
      `Dobrý den, ${name}, zkušební doba zdarma tarifu ${plan} skončí ${date}. Poté vám bude každý měsíc strženo ${amount} z karty končící ${last4}. Chcete-li tarif ponechat, nemusíte nic dělat; chcete-li ho ukončit, zrušte do té doby obnovení v sekci Můj profil.`,
    renewalFailedSubject: 'Platba předplatného se nezdařila',
    renewalFailedBody: (name, plan, amount, last4, date) =>
      `Dobrý den, ${name}, částku ${amount} za tarif ${plan} se nepodařilo strhnout z karty končící ${last4}. Tarif vám zůstane v odkladné lhůtě do ${date} a platbu zkusíme znovu jednou denně. Abyste si tarif ponechali, aktualizujte kartu v sekci Můj profil.`,
    confirmPaymentSubject: 'Potvrďte platbu předplatného',
    confirmPaymentBody: (name, plan, amount, last4, date) =>
      `Dobrý den, ${name}, vaše banka žádá, abyste potvrdili platbu ${amount} za tarif ${plan} kartou končící na ${last4}. Tarif zůstává v období odkladu do ${date}. Potvrďte platbu, abyste si tarif ponechali.`,
    confirmPayment: 'Potvrdit platbu',
    openMyPage: 'Otevřít Můj profil',
    questionnaireDueSubject: 'Dotazník k vyplnění',
    questionnaireDueBody: (clinician) => `${clinician} vám poslal dotazník. Vyplňte jej prosím v aplikaci.`,
    questionnaireReminderSubject: 'Připomínka: dotazník k vyplnění',
    questionnaireReminderBody: (clinician) => `Dotazník od ${clinician} stále čeká na vaše odpovědi.`,
    openQuestionnaire: 'Otevřít dotazník',
    guestInviteSubject: (clinician) => `${clinician} vás zve na videonávštěvu`,
    guestInviteBody: (clinician, start, until) =>
      `${clinician} vás zve k videonávštěvě ${start} jako pečujícího nebo tlumočníka. Odkaz funguje jednou, v prohlížeči, do ${until}. Počkáte, dokud vás lékař nepustí dál.`,
    joinVisit: 'Připojit se k videonávštěvě',
  },
};

export const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

export function withLink(
  to: string,
  subject: string,
  body: string,
  action: string,
  link: string,
  ignore?: string,
): MailMessage {
  return {
    to,
    subject,
    text: `${body}\n\n${action}: ${link}\n${ignore ? `\n${ignore}\n` : ''}`,
    html: `<p>${escapeHtml(body)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p>${ignore ? `<p>${escapeHtml(ignore)}</p>` : ''}`,
  };
}

/**
 * A questionnaire came due, or is still open after a while, for a patient with no push
 * subscription: it names the clinician and nothing of their health.
 */
export function questionnaireMail(
  language: Language,
  to: string,
  kind: 'due' | 'reminder',
  clinician: string,
  link: string,
): MailMessage {
  const t = texts[language];
  return kind === 'due'
    ? withLink(to, t.questionnaireDueSubject, t.questionnaireDueBody(clinician), t.openQuestionnaire, link)
    : withLink(to, t.questionnaireReminderSubject, t.questionnaireReminderBody(clinician), t.openQuestionnaire, link);
}

/** A link for a guest of a visit's call: it names the clinician and the visit's time, nothing of the patient. */
export function guestInviteMail(
  language: Language,
  to: string,
  clinician: string,
  { start, until }: { start: Date; until: Date },
  link: string,
): MailMessage {
  const t = texts[language];
  const body = t.guestInviteBody(clinician, instantIn(language, start), instantIn(language, until));
  return withLink(to, t.guestInviteSubject(clinician), body, t.joinVisit, link, t.ignore);
}

export function verificationMail(language: Language, to: string, name: string, link: string): MailMessage {
  const t = texts[language];
  return withLink(to, t.verifySubject, t.verifyBody(name, links.verifyEmailHours), t.verifyAction, link, t.ignore);
}

export function passwordResetMail(language: Language, to: string, name: string, link: string): MailMessage {
  const t = texts[language];
  return withLink(to, t.resetSubject, t.resetBody(name, links.resetPasswordMinutes), t.resetAction, link, t.ignore);
}

/** Wrong passwords piled up on the account: told once, with the way to a new password. */
export function loginFailuresMail(
  language: Language,
  to: string,
  name: string,
  count: number,
  link: string,
): MailMessage {
  const t = texts[language];
  return withLink(to, t.loginFailuresSubject, t.loginFailuresBody(name, count), t.resetAction, link);
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

/** Who a mail about their subscription goes to, and what it is about. */
export interface SubscriptionMail {
  language: Language;
  to: string;
  name: string;
  plan: { code: string; title: string; priceMinor: number; currency: string };
  last4: string;
  /** When the trial ends, or when the grace period does. */
  at: Date;
  /** My page, where the renewal is cancelled and the card replaced. */
  link: string;
}

/** An instant as a date and a time in UTC, in a language: the reader's time zone is not known. */
export function instantIn(language: Language, at: Date): string {
  return new Intl.DateTimeFormat(language, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'UTC',
    timeZoneName: 'short',
  }).format(at);
}

function subscriptionFacts(mail: SubscriptionMail) {
  return {
    t: texts[mail.language],
    plan: planName(mail.language, { productCode: mail.plan.code, defaultProductTitle: mail.plan.title }),
    amount: formatMoney(mail.plan.priceMinor, mail.plan.currency, mail.language),
    date: instantIn(mail.language, mail.at),
  };
}

const dayMs = 86_400_000;

/**
 * The trial ends soon: what will be charged then, and where to cancel before. The days left are
 * counted from `now`, rounded up: a pass may pick up a trial that ends in less than the usual notice.
 */
export function trialEndingMail(mail: SubscriptionMail, now: Date): MailMessage {
  const { t, plan, amount, date } = subscriptionFacts(mail);
  return withLink(
    mail.to,
    t.trialEndingSubject(Math.max(1, Math.ceil((mail.at.getTime() - now.getTime()) / dayMs))),
    t.trialEndingBody(mail.name, plan, date, amount, mail.last4),
    t.openMyPage,
    mail.link,
  );
}

/** A renewal was refused: the grace period, the daily retries, and where to replace the card. */
export function renewalFailedMail(mail: SubscriptionMail): MailMessage {
  const { t, plan, amount, date } = subscriptionFacts(mail);
  return withLink(
    mail.to,
    t.renewalFailedSubject,
    t.renewalFailedBody(mail.name, plan, amount, mail.last4, date),
    t.openMyPage,
    mail.link,
  );
}

/** A renewal the card holder must confirm (3-D Secure): the grace period, and where to confirm. */
export function confirmPaymentMail(mail: SubscriptionMail): MailMessage {
  const { t, plan, amount, date } = subscriptionFacts(mail);
  return withLink(
    mail.to,
    t.confirmPaymentSubject,
    t.confirmPaymentBody(mail.name, plan, amount, mail.last4, date),
    t.confirmPayment,
    mail.link,
  );
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
