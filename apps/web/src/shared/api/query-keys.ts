/**
 * Query keys more than one feature touches. A note changes a patient's medical record and a
 * category assignment changes the patient list, yet features do not import each other.
 */
export const queryKeys = {
  patients: ['patients'] as const,
  patientList: ['patients', 'list'] as const,
  patient: (seqMedicalRelation: number) => ['patients', 'one', seqMedicalRelation] as const,
  medicalRecord: (seqMedicalRelation: number) => ['patients', 'one', seqMedicalRelation, 'record'] as const,
  categories: ['categories'] as const,
  /** Under the exercises' root: every exercise change refreshes them. */
  romStatistics: (params: object) => ['exercises', 'statistics', params] as const,
  notes: (seqMedicalRelation: number) => ['notes', seqMedicalRelation] as const,
  /** A patient's symptom reports: a notification of a new one refreshes them. */
  symptomReports: (seqMedicalRelation: number) => ['symptomReports', seqMedicalRelation] as const,
  /** The root of every schedule query: a notification about a visit refreshes them all. */
  schedules: ['schedules'] as const,
  schedulesInRange: (startDate: string, endDate: string) => ['schedules', 'range', startDate, endDate] as const,
  patientSchedules: (seqMedicalRelation: number) => ['schedules', 'patient', seqMedicalRelation] as const,
  reservableTimeline: ['schedules', 'timeline'] as const,
  /** Home's worklist: a notification of a new alert refreshes it. */
  monitoringAlerts: ['monitoring', 'alerts'] as const,
  /** The root of the secure messages: the socket's message events refresh the thread, the inbox and the badge. */
  messages: ['messages'] as const,
  messageThreads: ['messages', 'threads'] as const,
  unreadMessages: ['messages', 'unread'] as const,
  messageThread: (seqMedicalRelation: number) => ['messages', 'thread', seqMedicalRelation] as const,
  /** The root of every payment query: the active patients count against the plan's limit. */
  payments: ['payments'] as const,
  subscriptionStatus: ['payments', 'subscription'] as const,
};
