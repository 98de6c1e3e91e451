/** Every route path of SPEC section 2, in one place. */
export const paths = {
  home: '/',
  appointments: '/appointments',
  patientList: '/patientList',
  patientDetails: '/patientList/details',
  patientDetailsInfo: '/patientList/details/info',
  patientDetailsNote: '/patientList/details/note',
  patientDetailsRemote: '/patientList/details/remote',
  patientDetailsRehab: '/patientList/details/rehab',
  patientDetailsHistory: '/patientList/details/history',
  patientDetailsReport: '/patientList/details/report',
  patientDetailsRecord: '/patientList/details/record',
  patientDetailsCategories: '/patientList/details/categories',
  rehab: '/rehab',
  options: '/options',
  payments: '/payments',
  paymentInfo: '/payments/paymentInfo',
  paymentResult: '/payments/result',
  remote: '/remote',
  /** The symptom photo slider of a video visit, opened in its own pop-up. */
  remotePhotos: '/remote/photos',
  login: '/login',
  findPassword: '/login/findPassword',
  signUp: '/login/signUp',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

/** Route segments, relative to their parent route. */
export const segments = {
  appointments: 'appointments',
  patientList: 'patientList',
  patientDetails: 'patientList/details',
  patientDetailsTabs: ['info', 'note', 'remote', 'rehab', 'history', 'report', 'record', 'categories'],
  patientDetailsInfo: 'info',
  patientDetailsNote: 'note',
  patientDetailsRemote: 'remote',
  patientDetailsRehab: 'rehab',
  patientDetailsHistory: 'history',
  patientDetailsReport: 'report',
  patientDetailsRecord: 'record',
  patientDetailsCategories: 'categories',
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
