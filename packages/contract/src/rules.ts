/** Limits and business constants of SPEC sections 5 and 9: the only place they are written. */
export const rules = {
  nameMax: 50,
  userIdMin: 4,
  userIdMax: 50,
  emailMinExclusive: 5,
  emailMax: 254,
  passwordMin: 8,
  passwordMax: 50,
  signatureMaxBytes: 200 * 1024,
  certificationCodeMax: 50,
  noteMax: 4095,
  noteTitleMax: 200,
  /** Active patients a clinician may have without a subscription (SPEC 9). */
  freePatientLimit: 30,
  heightMaxCm: 300,
  weightMaxKg: 500,
  diagnosisMax: 200,
  conditionTextMax: 2000,
  categoryNameMax: 30,
  categoriesMax: 50,
  notePageMax: 100,
  uploadMaxBytes: 5 * 1024 * 1024,
  syncCodeMinutes: 10,
} as const;

export const session = {
  /** Idle limit of SPEC 4 "Session", enforced by the browser and the server. */
  idleLimitSeconds: 1800,
  idleWarningSeconds: 60,
  checkIntervalMs: 1000,
  accessTokenSeconds: 10 * 60,
  refreshTokenDays: 30,
  /** How long a password confirmation authorises an account deletion. */
  passwordConfirmationSeconds: 5 * 60,
} as const;

export const links = {
  verifyEmailHours: 24,
  resetPasswordMinutes: 30,
} as const;

export const client = {
  apiTimeoutMs: 60_000,
  chunkLoadTimeoutMs: 120_000,
  bannerFadeMs: 3000,
  unauthorizedRedirectMs: 5000,
  cookieDays: 365,
  recommendedWidth: 1024,
} as const;

export const languages = ['en', 'ko', 'zh-HK', 'cs'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'en';

/** Maps a browser or query language tag to one of ours (zh-hk, zh-HK, ko-KR, cs-CZ ...). */
export function matchLanguage(tag: string | null | undefined): Language | undefined {
  if (!tag) return undefined;
  const lower = tag.trim().toLowerCase();
  // Traditional Chinese is our only Chinese; it serves every zh reader better than English.
  if (lower === 'zh' || lower.startsWith('zh-')) return 'zh-HK';
  return languages.find(
    (language) => lower === language.toLowerCase() || lower.startsWith(`${language.toLowerCase()}-`),
  );
}

/** The first candidate that is one of our languages (the lang query, a saved choice, the browser's), else English. */
export function firstLanguage(candidates: readonly (string | null | undefined)[]): Language {
  for (const tag of candidates) {
    const match = matchLanguage(tag);
    if (match) return match;
  }
  return defaultLanguage;
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

/** Picks the first supported language of an Accept-Language header. */
export function languageFromAcceptLanguage(header: string | undefined): Language {
  for (const part of (header ?? '').split(',')) {
    const match = matchLanguage(part.split(';')[0]);
    if (match) return match;
  }
  return defaultLanguage;
}
