/** Every route path of SPEC section 2, in one place. */
export const paths = {
  home: '/',
  appointments: '/appointments',
  patientList: '/patientList',
  patientDetails: '/patientList/details',
  patientDetailsInfo: '/patientList/details/info',
  patientDetailsCondition: '/patientList/details/condition',
  patientDetailsNote: '/patientList/details/note',
  patientDetailsRemote: '/patientList/details/remote',
  patientDetailsRehab: '/patientList/details/rehab',
  patientDetailsHistory: '/patientList/details/history',
  patientDetailsReport: '/patientList/details/report',
  patientDetailsRecord: '/patientList/details/record',
  patientDetailsCategories: '/patientList/details/categories',
  /** The symptom reports the patient sent from their app (decision 0004). */
  patientDetailsSymptoms: '/patientList/details/symptoms',
  /** The secure messages with the patient (decision 0016). */
  patientDetailsMessages: '/patientList/details/messages',
  /** The clinician's message threads. */
  messages: '/messages',
  rehab: '/rehab',
  options: '/options',
  payments: '/payments',
  paymentInfo: '/payments/paymentInfo',
  paymentResult: '/payments/result',
  /** A charge's printable receipt (?seqPayment=), outside the app's frame; mailed receipts link to it. */
  receipt: '/receipt',
  remote: '/remote',
  /** The symptom photo slider of a video visit, opened in its own pop-up. */
  remotePhotos: '/remote/photos',
  login: '/login',
  findPassword: '/login/findPassword',
  signUp: '/login/signUp',
} as const;

/** Route segments, relative to their parent route. */
export const segments = {
  appointments: 'appointments',
  patientList: 'patientList',
  patientDetails: 'patientList/details',
  patientDetailsTabs: [
    'info',
    'condition',
    'note',
    'remote',
    'rehab',
    'history',
    'symptoms',
    'messages',
    'report',
    'record',
    'categories',
  ],
  patientDetailsInfo: 'info',
  patientDetailsCondition: 'condition',
  patientDetailsNote: 'note',
  patientDetailsRemote: 'remote',
  patientDetailsRehab: 'rehab',
  patientDetailsHistory: 'history',
  patientDetailsReport: 'report',
  patientDetailsRecord: 'record',
  patientDetailsCategories: 'categories',
  patientDetailsSymptoms: 'symptoms',
  patientDetailsMessages: 'messages',
  messages: 'messages',
  rehab: 'rehab',
  options: 'options',
  payments: 'payments',
  paymentInfo: 'paymentInfo',
  paymentResult: 'result',
  remote: 'remote',
  login: 'login',
  findPassword: 'findPassword',
  signUp: 'signUp',
} as const;

/** The query parameter that carries the language of an address. */
export const languageQueryName = 'lang';

/** The path with the lang query parameter of `search` carried over, if there is one. */
export function withLangQuery(path: string, search: string): string {
  const lang = new URLSearchParams(search).get(languageQueryName);
  if (!lang) return path;
  const separator = path.includes('?') ? '&' : '?';
  return `${path}${separator}${languageQueryName}=${encodeURIComponent(lang)}`;
}

/**
 * A patient's page at a tab (a segment; none for the dashboard), keeping the `lang` of `search`.
 * The service worker repeats it (public/sw.js, `pathOf`) for the notifications it opens. This file
 * imports nothing, as the build's configuration reads it.
 */
export function patientDetailsPath(seqMedicalRelation: number, search: string, tab = ''): string {
  const base = tab ? `${paths.patientDetails}/${tab}` : paths.patientDetails;
  return withLangQuery(`${base}?id=${seqMedicalRelation}`, search);
}
