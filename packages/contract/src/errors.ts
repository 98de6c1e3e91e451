/**
 * The failedCode catalogue. A business failure is an HTTP 200 reply
 * `{ isSuccess: false, failedCode, message }`; the other codes travel with HTTP errors.
 * Every code has a message in every language (messages/*.ts), checked by a test.
 */
export const FailedCode = {
  // Login (SPEC 8 "Login and sign-up")
  NotActivated: 'US0001',
  LoginFailed: 'US0002',
  WrongCredentials: 'US0003',
  WrongNameOrEmail: 'US0004',
  NotMember: 'US0005',
  ProfileNotFound: 'US0006',
  AccountDeleted: 'US0007',
  RecoverInApp: 'US0008',
  // Sign-up
  UserIdExists: 'US0101',
  EmailExists: 'US0102',
  EmailNotExist: 'US0103',
  EmailInvalid: 'US0104',
  TermsNotAgreed: 'US0105',
  SignUpFailed: 'US0106',
  FillInEverything: 'US0107',
  AlreadyVerified: 'US0108',
  // Links and passwords
  LinkInvalid: 'US0201',
  WrongPassword: 'US0202',
  PasswordUnchanged: 'US0203',
  PasswordConfirmationRequired: 'US0204',
  // Second factor (docs/decisions/0011-second-factor.md)
  SecondFactorRequired: 'US0301',
  SecondFactorSetupRequired: 'US0302',
  WrongSecondFactorCode: 'US0303',
  LoginStepExpired: 'US0304',
  SecondFactorMandatory: 'US0305',
  SecondFactorNotSetUp: 'US0306',
  PasskeyNotAccepted: 'US0307',
  PasskeyNotFound: 'US0308',
  // Patients
  NotAppMember: 'PA0001',
  InvalidSyncCode: 'PAT0202',
  PlanLimitReached: 'PAT0300',
  AlreadyLinked: 'PAT0301',
  // Exercises
  ExerciseNotWaiting: 'EX0001',
  IllegalStatusChange: 'EX0002',
  // Schedules (SPEC 8 "Schedule")
  ScheduleOverlap: 'SE0113',
  PatientScheduleOverlap: 'SE0101',
  ScheduleOverlapOnUpdate: 'SE0134',
  ScheduleNotWaiting: 'SE0114',
  ScheduleUnchanged: 'SE0115',
  SchedulePast: 'SE0116',
  SchedulePastOnUpdate: 'SE0103',
  OutsideOpenHours: 'SE0140',
  // Meetings (SPEC 8 "Meeting creation")
  ScheduleCompleted: 'TE1104',
  ScheduleExpired: 'TE1105',
  ScheduleCancelled: 'TE1106',
  ScheduleClosed: 'SE0120',
  CallTooEarly: 'SE0121',
  CallInProgress: 'SE0122',
  MeetingNotOpen: 'SE0123',
  PatientNotWaiting: 'SE0124',
  NotAdmitted: 'SE0125',
  /** A guest link or a guest's token that cannot be used, whatever the reason (one answer for all). */
  GuestLinkRefused: 'SE0126',
  GuestNotWaiting: 'SE0127',
  GuestLimitReached: 'SE0128',
  FhirKeyInvalid: 'FH0101',
  MeetingNotFound: 'TE1101',
  CompletionRejected: 'SE0110',
  CompletionMeetingMismatch: 'SE0111',
  // Payment (SPEC 8 "Payment")
  UnexpectedPaymentError: 'MA2000',
  PaymentFailed: 'PAY2000',
  CardDeclined: 'PAY2001',
  CardExpired: 'PAY2002',
  NoPaymentMethod: 'PAY2201',
  ProductInUse: 'PAY2202',
  PlanChangeTooSoon: 'PAY2203',
  NoSubscription: 'PAY2204',
  // Consent to remote monitoring (docs/decisions/0013-remote-monitoring.md)
  ConsentInForce: 'RM0001',
  ConsentNotInForce: 'RM0002',
  // Questionnaires (docs/decisions/0015-outcome-measures.md)
  QuestionnaireAnswered: 'QN0001',
  QuestionnaireWithdrawn: 'QN0002',
  ResponseSuperseded: 'QN0003',
  QuestionnaireVersionGone: 'QN0004',
  // Secure messages (docs/decisions/0016-messages.md)
  MessageThreadClosed: 'MS0001',
  WithdrawTooLate: 'MS0002',
  MessageAlreadyWithdrawn: 'MS0003',
  UnsupportedAttachment: 'MS0004',
  HeicNotSupported: 'MS0005',
  TooManyUnsentAttachments: 'MS0006',
  TemplateNeedsPatientFirstName: 'MS0101',
  TemplateNeedsNextVisit: 'MS0102',
  TemplateNeedsClinicianName: 'MS0103',
  // HTTP level
  Unauthorized: 'AU0001',
  TokenExpired: 'AU0002',
  SessionEnded: 'AU0003',
  BadRequest: 'CM0400',
  Forbidden: 'CM0403',
  NotFound: 'CM0404',
  Conflict: 'CM0409',
  TooLarge: 'CM0413',
  UnsupportedFile: 'CM0415',
  TooManyRequests: 'CM0429',
  ServerError: 'CM0500',
} as const;

export type FailedCode = (typeof FailedCode)[keyof typeof FailedCode];
export const failedCodes = Object.values(FailedCode);
