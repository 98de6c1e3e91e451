import { sql } from 'drizzle-orm';
import type {
  AlertReason,
  CustomQuestionnaireDefinition,
  OutcomeQuestionnaire,
  OutcomeQuestionnaireResponse,
  QuestionnaireCadence,
  ScoreResult,
  ScoringRule,
} from '@clinic/contract';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const instant = (name: string) => timestamp(name, { withTimezone: true });

/** A person who logs in: a clinician (manager) or a patient of the mobile app. */
export const appUser = pgTable(
  'app_user',
  {
    seqUser: integer('seq_user').primaryKey().generatedAlwaysAsIdentity(),
    userId: text('user_id').notNull(),
    userEmail: text('user_email').notNull(),
    passwordHash: text('password_hash').notNull(),
    userType: text('user_type', { enum: ['manager', 'patient'] }).notNull(),
    language: text('language').notNull().default('en'),
    emailVerifiedAt: instant('email_verified_at'),
    deletedAt: instant('deleted_at'),
    createdAt: createdAt(),
  },
  (table) => [
    // A deleted account keeps its row (so a login can say "deleted") but frees its ID and e-mail.
    uniqueIndex('app_user_user_id_live')
      .on(table.userId)
      .where(sql`${table.deletedAt} is null`),
    uniqueIndex('app_user_user_email_live')
      .on(table.userEmail)
      .where(sql`${table.deletedAt} is null`),
    index('app_user_user_email').on(table.userEmail),
  ],
);

export const manager = pgTable('manager', {
  seqManager: integer('seq_manager').primaryKey().generatedAlwaysAsIdentity(),
  seqUser: integer('seq_user')
    .notNull()
    .unique()
    .references(() => appUser.seqUser),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  title: text('title').notNull(),
  npiNumber: text('npi_number').notNull(),
  signaturePath: text('signature_path'),
  certificationCode: text('certification_code'),
  imagePath: text('image_path'),
  imageUploadId: uuid('image_upload_id'),
  /** The e-signature shown on reports: the drawn sign-up signature until another is uploaded. */
  signatureUploadId: uuid('signature_upload_id'),
  specialty: text('specialty'),
  background: text('background'),
  languageList: jsonb('language_list').$type<string[]>().notNull().default([]),
  professionalEducation: text('professional_education'),
  yearsOfExperience: integer('years_of_experience'),
  clinicName: text('clinic_name'),
  clinicAddress: text('clinic_address'),
  termsAgreedAt: instant('terms_agreed_at').notNull(),
  privacyAgreedAt: instant('privacy_agreed_at').notNull(),
  personalInfoAgreedAt: instant('personal_info_agreed_at').notNull(),
  providerConfirmedAt: instant('provider_confirmed_at').notNull(),
  createdAt: createdAt(),
});

/** One login on one device: the family of its rotating refresh tokens. */
export const authSession = pgTable(
  'auth_session',
  {
    id: uuid('id').primaryKey(),
    seqUser: integer('seq_user')
      .notNull()
      .references(() => appUser.seqUser),
    seqManager: integer('seq_manager').references(() => manager.seqManager),
    seqPatient: integer('seq_patient').references(() => patient.seqPatient),
    createdAt: createdAt(),
    lastSeenAt: instant('last_seen_at').notNull().defaultNow(),
    passwordConfirmedAt: instant('password_confirmed_at'),
    revokedAt: instant('revoked_at'),
    revokeReason: text('revoke_reason'),
    fcmToken: text('fcm_token'),
    userAgent: text('user_agent'),
    ip: text('ip'),
    /** sha256 of the browser's lasting id sent at login: a browser the user has not logged in from is new. */
    browserHash: text('browser_hash'),
  },
  (table) => [index('auth_session_user').on(table.seqUser)],
);

/** Refresh tokens are stored only as SHA-256 hashes. */
export const refreshToken = pgTable(
  'refresh_token',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => authSession.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: instant('expires_at').notNull(),
    rotatedAt: instant('rotated_at'),
  },
  (table) => [index('refresh_token_session').on(table.sessionId)],
);

/** Single-use tokens of mailed links, stored only as SHA-256 hashes. */
export const emailToken = pgTable(
  'email_token',
  {
    tokenHash: text('token_hash').primaryKey(),
    seqUser: integer('seq_user')
      .notNull()
      .references(() => appUser.seqUser),
    purpose: text('purpose', { enum: ['verify_email', 'reset_password'] }).notNull(),
    createdAt: createdAt(),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
  },
  (table) => [index('email_token_user').on(table.seqUser, table.purpose)],
);

/**
 * A second factor of a clinician's login (docs/decisions/0011-second-factor.md): an authenticator
 * app's secret, sealed with the second-factor key. Unconfirmed, it is a set-up awaiting its first code.
 */
export const secondFactor = pgTable(
  'second_factor',
  {
    seqSecondFactor: integer('seq_second_factor').primaryKey().generatedAlwaysAsIdentity(),
    seqUser: integer('seq_user')
      .notNull()
      .references(() => appUser.seqUser),
    kind: text('kind', { enum: ['totp'] }).notNull(),
    sealedSecret: text('sealed_secret').notNull(),
    /** The time step of the last code accepted: no code of it or before works again. */
    lastTimeStep: bigint('last_time_step', { mode: 'number' }),
    confirmedAt: instant('confirmed_at'),
    createdAt: createdAt(),
  },
  (table) => [
    // One authenticator app in use and one set-up under way, at most, per clinician.
    uniqueIndex('second_factor_totp_confirmed')
      .on(table.seqUser)
      .where(sql`${table.kind} = 'totp' and ${table.confirmedAt} is not null`),
    uniqueIndex('second_factor_totp_pending')
      .on(table.seqUser)
      .where(sql`${table.kind} = 'totp' and ${table.confirmedAt} is null`),
  ],
);

/** Single-use recovery codes, stored only as keyed hashes. */
export const recoveryCode = pgTable(
  'recovery_code',
  {
    seqUser: integer('seq_user')
      .notNull()
      .references(() => appUser.seqUser),
    codeHash: text('code_hash').notNull(),
    createdAt: createdAt(),
    usedAt: instant('used_at'),
  },
  (table) => [primaryKey({ columns: [table.seqUser, table.codeHash] })],
);

/**
 * A login's or passkey ceremony's challenge: single-use, short-lived, stored only as a SHA-256 hash.
 * second_factor: the password was right and a second factor finishes the login; set_up: an
 * authenticator must be set up first (REQUIRE_MFA); passkey_register and passkey_login: the
 * challenge a browser signs with a passkey.
 */
export const loginChallenge = pgTable(
  'login_challenge',
  {
    tokenHash: text('token_hash').primaryKey(),
    /** The clinician; none for a passkey login, whose passkey tells whom it is for. */
    seqUser: integer('seq_user').references(() => appUser.seqUser),
    purpose: text('purpose', { enum: ['second_factor', 'set_up', 'passkey_register', 'passkey_login'] }).notNull(),
    /** The push token the login named, for the session the second step opens. */
    fcmToken: text('fcm_token'),
    /** The hash of the browser's lasting id, for the session the second step opens. */
    browserHash: text('browser_hash'),
    createdAt: createdAt(),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
  },
  (table) => [index('login_challenge_user').on(table.seqUser), index('login_challenge_expiry').on(table.expiresAt)],
);

/** A clinician's passkeys (WebAuthn credentials): each is both factors of a login, or the second after the password. */
export const passkey = pgTable(
  'passkey',
  {
    seqPasskey: integer('seq_passkey').primaryKey().generatedAlwaysAsIdentity(),
    seqUser: integer('seq_user')
      .notNull()
      .references(() => appUser.seqUser),
    /** The credential id, base64url, as the authenticator names it. */
    credentialId: text('credential_id').notNull().unique(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    /** The authenticator's signature counter: an assertion must raise it, unless it stays at 0 (synced passkeys). */
    signCount: bigint('sign_count', { mode: 'number' }).notNull(),
    transports: text('transports').array().notNull(),
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: instant('last_used_at'),
  },
  (table) => [index('passkey_user').on(table.seqUser)],
);

/** WebAuthn challenges, single-use and short-lived: a passkey being registered, or a passkey login alone. */
/** Secrets every server instance must share (the access-token key when AUTH_SECRET is unset). */
export const appSecret = pgTable('app_secret', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/** A patient as a person. An app member has an account (seqUser) and keeps their own identity. */
export const patient = pgTable('patient', {
  seqPatient: integer('seq_patient').primaryKey().generatedAlwaysAsIdentity(),
  seqUser: integer('seq_user')
    .unique()
    .references(() => appUser.seqUser),
  patientName: text('patient_name').notNull(),
  patientEmail: text('patient_email'),
  birthDate: date('birth_date', { mode: 'string' }).notNull(),
  gender: text('gender', { enum: ['M', 'F'] }),
  createdAt: createdAt(),
});

/** The link of a patient to one clinician: that clinician's record of them and their device. */
export const medicalRelation = pgTable(
  'medical_relation',
  {
    seqMedicalRelation: integer('seq_medical_relation').primaryKey().generatedAlwaysAsIdentity(),
    seqManager: integer('seq_manager')
      .notNull()
      .references(() => manager.seqManager),
    seqPatient: integer('seq_patient')
      .notNull()
      .references(() => patient.seqPatient),
    patientName: text('patient_name').notNull(),
    patientEmail: text('patient_email'),
    birthDate: date('birth_date', { mode: 'string' }).notNull(),
    gender: text('gender', { enum: ['M', 'F'] }),
    heightCm: real('height_cm').notNull(),
    weightKg: real('weight_kg').notNull(),
    deviceType: smallint('device_type').notNull(),
    imageUploadId: uuid('image_upload_id'),
    isEnabled: boolean('is_enabled').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('medical_relation_manager_patient').on(table.seqManager, table.seqPatient),
    index('medical_relation_manager').on(table.seqManager, table.isEnabled),
  ],
);

/** A dated condition entry; entries are never overwritten, a removal only marks them. */
export const patientStatus = pgTable(
  'patient_status',
  {
    seqPatientStatus: integer('seq_patient_status').primaryKey().generatedAlwaysAsIdentity(),
    seqMedicalRelation: integer('seq_medical_relation')
      .notNull()
      .references(() => medicalRelation.seqMedicalRelation),
    recordedAt: instant('recorded_at').notNull(),
    primaryDiagnosis: text('primary_diagnosis'),
    secondaryDiagnosis: text('secondary_diagnosis'),
    onsetDate: date('onset_date', { mode: 'string' }),
    onsetKind: text('onset_kind', { enum: ['stroke', 'orthopedic_surgery'] }),
    onsetPeriod: text('onset_period', { enum: ['acute', 'subacute', 'chronic'] }),
    durationMonths: integer('duration_months'),
    brainLesion: smallint('brain_lesion'),
    paralysisPart: text('paralysis_part', { enum: ['upper_extremity', 'lower_extremity', 'upper_and_lower'] }),
    paralysisPosition: text('paralysis_position', { enum: ['left', 'right', 'both'] }),
    joint: smallint('joint'),
    infection: smallint('infection'),
    medication: text('medication'),
    dose: text('dose'),
    mmt: text('mmt'),
    mrs: text('mrs'),
    chiefComplaint: text('chief_complaint'),
    removedAt: instant('removed_at'),
  },
  (table) => [index('patient_status_relation').on(table.seqMedicalRelation, table.recordedAt)],
);

export const managerNote = pgTable(
  'manager_note',
  {
    seqManagerNote: integer('seq_manager_note').primaryKey().generatedAlwaysAsIdentity(),
    seqMedicalRelation: integer('seq_medical_relation')
      .notNull()
      .references(() => medicalRelation.seqMedicalRelation),
    seqManager: integer('seq_manager')
      .notNull()
      .references(() => manager.seqManager),
    noteTitle: text('note_title').notNull(),
    noteContent: text('note_content').notNull(),
    isImportant: boolean('is_important').notNull().default(false),
    isPublic: boolean('is_public').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    removedAt: instant('removed_at'),
  },
  (table) => [index('manager_note_relation').on(table.seqMedicalRelation, table.isImportant, table.createdAt)],
);

export const category = pgTable(
  'category',
  {
    seqCategory: integer('seq_category').primaryKey().generatedAlwaysAsIdentity(),
    seqManager: integer('seq_manager')
      .notNull()
      .references(() => manager.seqManager),
    categoryName: text('category_name').notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('category_manager_name').on(table.seqManager, table.categoryName)],
);

export const relationCategory = pgTable(
  'relation_category',
  {
    seqMedicalRelation: integer('seq_medical_relation')
      .notNull()
      .references(() => medicalRelation.seqMedicalRelation),
    seqCategory: integer('seq_category')
      .notNull()
      .references(() => category.seqCategory, { onDelete: 'cascade' }),
  },
  (table) => [uniqueIndex('relation_category_pair').on(table.seqMedicalRelation, table.seqCategory)],
);

/** An uploaded file. Its bytes are in the file storage under storageKey; it is never served as HTML. */
export const upload = pgTable('upload', {
  id: uuid('id').primaryKey(),
  seqManager: integer('seq_manager').references(() => manager.seqManager),
  seqUser: integer('seq_user')
    .notNull()
    .references(() => appUser.seqUser),
  folder: text('folder', { enum: ['profile', 'symptom', 'signature', 'message'] }).notNull(),
  contentType: text('content_type').notNull(),
  byteSize: integer('byte_size').notNull(),
  storageKey: text('storage_key').notNull(),
  createdAt: createdAt(),
});

/** A code a patient app member gives a clinician; stored as a hash, single-use, short-lived. */
export const syncAuthCode = pgTable('sync_auth_code', {
  codeHash: text('code_hash').primaryKey(),
  seqPatient: integer('seq_patient')
    .notNull()
    .references(() => patient.seqPatient),
  expiresAt: instant('expires_at').notNull(),
  usedAt: instant('used_at'),
  createdAt: createdAt(),
});

/** Append-only: who read or changed which patient's data, when and from where. */
export const auditEvent = pgTable(
  'audit_event',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: instant('at').notNull(),
    /** The acting user; null for a visit's guest, who has no account (`guestName` says who). */
    seqUser: integer('seq_user'),
    seqManager: integer('seq_manager'),
    seqPatient: integer('seq_patient'),
    seqMedicalRelation: integer('seq_medical_relation'),
    action: text('action', { enum: ['read', 'create', 'update', 'delete'] }).notNull(),
    /** 'denied': the call was refused (someone else's or a missing id) and read or changed nothing. */
    outcome: text('outcome', { enum: ['success', 'denied'] })
      .notNull()
      .default('success'),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    requestId: text('request_id'),
    /** The name a visit's guest gave (decision 0019); null otherwise, and then left out of the hash. */
    guestName: text('guest_name'),
    /** Why a call was refused, where the outcome alone does not say (a guest link); null otherwise, and left out of the hash. */
    reason: text('reason'),
    /** The FHIR client that read on the clinician's behalf (decision 0020); null otherwise, and left out of the hash. */
    clientName: text('client_name'),
    /** sha256 of the previous row's hash and this row, set by the database on insert (migration 0015). */
    hash: text('hash'),
  },
  (table) => [
    index('audit_event_relation').on(table.seqMedicalRelation, table.at),
    index('audit_event_user').on(table.seqUser, table.at),
  ],
);

/**
 * The audit trail's head at an instant, signed with AUDIT_KEY (which the database never holds):
 * the trail up to `lastId` held `rows` rows and its chain ended in `head`. Append-only for the app.
 */
export const auditCheckpoint = pgTable('audit_checkpoint', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  at: instant('at').notNull(),
  rows: bigint('rows', { mode: 'number' }).notNull(),
  /** 0 while the trail is empty. */
  lastId: bigint('last_id', { mode: 'number' }).notNull(),
  /** The hash of row `lastId` ('' while the trail is empty). */
  head: text('head').notNull(),
  /** HMAC-SHA256 with AUDIT_KEY over the four fields above. */
  signature: text('signature').notNull(),
});

/** A prescription for the home or pro device of one patient. */
export const exercise = pgTable(
  'exercise',
  {
    seqExercise: integer('seq_exercise').primaryKey().generatedAlwaysAsIdentity(),
    seqMedicalRelation: integer('seq_medical_relation')
      .notNull()
      .references(() => medicalRelation.seqMedicalRelation),
    seqManager: integer('seq_manager')
      .notNull()
      .references(() => manager.seqManager),
    deviceType: smallint('device_type').notNull(),
    mode: smallint('mode').notNull(),
    position: smallint('position').notNull(),
    direction: smallint('direction').notNull(),
    method: smallint('method'),
    strength: smallint('strength').notNull(),
    frequency: smallint('frequency').notNull(),
    countPerSet: smallint('count_per_set'),
    timePerSetMinutes: smallint('time_per_set_minutes'),
    sets: smallint('sets').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    minRom: smallint('min_rom').notNull(),
    maxRom: smallint('max_rom').notNull(),
    speed: smallint('speed'),
    assistance: smallint('assistance'),
    resistanceSensitivity: smallint('resistance_sensitivity'),
    deviceHeight: smallint('device_height'),
    upDelay: smallint('up_delay'),
    downDelay: smallint('down_delay'),
    upLimit: smallint('up_limit'),
    downLimit: smallint('down_limit'),
    memo: text('memo'),
    guideSeconds: integer('guide_seconds').notNull(),
    guideEvent: text('guide_event').notNull(),
    exerciseStatus: smallint('exercise_status').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: instant('deleted_at'),
  },
  (table) => [
    index('exercise_manager_device').on(table.seqManager, table.deviceType, table.createdAt),
    index('exercise_relation').on(table.seqMedicalRelation, table.createdAt),
  ],
);

/** One session or measurement a device recorded, uploaded through the patient's app. */
export const exerciseRecord = pgTable(
  'exercise_record',
  {
    seqExerciseRecord: bigint('seq_exercise_record', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    seqPatient: integer('seq_patient')
      .notNull()
      .references(() => patient.seqPatient),
    /** The device's own id for the record: a retried upload carries the same key. */
    recordKey: text('record_key').notNull(),
    seqExercise: integer('seq_exercise')
      .notNull()
      .references(() => exercise.seqExercise),
    seqMedicalRelation: integer('seq_medical_relation')
      .notNull()
      .references(() => medicalRelation.seqMedicalRelation),
    usageMode: smallint('usage_mode').notNull(),
    usageCount: integer('usage_count').notNull(),
    minAngle: real('min_angle').notNull(),
    maxAngle: real('max_angle').notNull(),
    minSpeed: real('min_speed').notNull(),
    maxSpeed: real('max_speed').notNull(),
    minTorque: real('min_torque'),
    maxTorque: real('max_torque'),
    durationSeconds: integer('duration_seconds').notNull(),
    guideMode: smallint('guide_mode').notNull(),
    guideMinRom: smallint('guide_min_rom').notNull(),
    guideMaxRom: smallint('guide_max_rom').notNull(),
    guideExtension: smallint('guide_extension'),
    guideFlexion: smallint('guide_flexion'),
    guideSpeed: smallint('guide_speed'),
    guideCount: smallint('guide_count'),
    guideSeconds: integer('guide_seconds'),
    guideDirection: smallint('guide_direction').notNull(),
    guidePosition: smallint('guide_position').notNull(),
    usageStartAt: instant('usage_start_at').notNull(),
    deviceCreatedAt: instant('device_created_at').notNull(),
    patientReview: text('patient_review'),
    painLevel: smallint('pain_level'),
    receivedAt: createdAt(),
  },
  (table) => [
    uniqueIndex('exercise_record_key').on(table.seqPatient, table.recordKey),
    index('exercise_record_relation_time').on(table.seqMedicalRelation, table.usageStartAt),
    index('exercise_record_exercise').on(table.seqExercise, table.usageStartAt),
    // The monitoring job reads every patient's last two weeks: a range of this index, not the table.
    index('exercise_record_time').on(table.usageStartAt),
  ],
);

/**
 * An online visit between a clinician and a patient who uses the app. The patient is kept beside the
 * relation so the overlap check for a patient with several clinicians is one index look-up.
 */
export const schedule = pgTable(
  'schedule',
  {
    seqSchedule: integer('seq_schedule').primaryKey().generatedAlwaysAsIdentity(),
    seqMedicalRelation: integer('seq_medical_relation')
      .notNull()
      .references(() => medicalRelation.seqMedicalRelation),
    seqManager: integer('seq_manager')
      .notNull()
      .references(() => manager.seqManager),
    seqPatient: integer('seq_patient')
      .notNull()
      .references(() => patient.seqPatient),
    status: smallint('status').notNull().default(0),
    expectStartAt: instant('expect_start_at').notNull(),
    expectEndAt: instant('expect_end_at').notNull(),
    startedAt: instant('started_at'),
    progressSeconds: integer('progress_seconds'),
    note: text('note'),
    isNoteImportant: boolean('is_note_important').notNull().default(false),
    symptoms: text('symptoms'),
    bookedBy: text('booked_by', { enum: ['clinician', 'patient'] }).notNull(),
    /** Set once the "starting soon" notification went out, so it goes out once. */
    announcedAt: instant('announced_at'),
    createdAt: createdAt(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (table) => [
    index('schedule_manager_start').on(table.seqManager, table.expectStartAt),
    index('schedule_patient_start').on(table.seqPatient, table.expectStartAt),
    index('schedule_relation').on(table.seqMedicalRelation),
    index('schedule_waiting_start')
      .on(table.expectStartAt)
      .where(sql`${table.status} = 0`),
  ],
);

/** The photos a patient attached to a visit, in their order. */
export const schedulePhoto = pgTable(
  'schedule_photo',
  {
    seqSchedule: integer('seq_schedule')
      .notNull()
      .references(() => schedule.seqSchedule),
    uploadId: uuid('upload_id')
      .notNull()
      .references(() => upload.id),
    position: smallint('position').notNull(),
  },
  (table) => [
    uniqueIndex('schedule_photo_order').on(table.seqSchedule, table.position),
    index('schedule_photo_upload').on(table.uploadId),
  ],
);

/** A clinician's weekly open hours, in their time zone. */
export const reservableWindow = pgTable(
  'reservable_window',
  {
    seqManager: integer('seq_manager')
      .notNull()
      .references(() => manager.seqManager),
    dayOfWeek: smallint('day_of_week').notNull(),
    startMinute: smallint('start_minute').notNull(),
    endMinute: smallint('end_minute').notNull(),
    timeZone: text('time_zone').notNull(),
  },
  (table) => [uniqueIndex('reservable_window_start').on(table.seqManager, table.dayOfWeek, table.startMinute)],
);

/** The video call of a visit; at most one is open per visit. */
export const meeting = pgTable(
  'meeting',
  {
    id: uuid('id').primaryKey(),
    seqSchedule: integer('seq_schedule')
      .notNull()
      .references(() => schedule.seqSchedule),
    seqManager: integer('seq_manager')
      .notNull()
      .references(() => manager.seqManager),
    createdAt: createdAt(),
    closedAt: instant('closed_at'),
    /** The last heartbeat of the clinician's browser in the call; none before the call starts. */
    heartbeatAt: instant('heartbeat_at'),
  },
  (table) => [
    uniqueIndex('meeting_open_per_schedule')
      .on(table.seqSchedule)
      .where(sql`${table.closedAt} is null`),
    index('meeting_manager_open')
      .on(table.seqManager)
      .where(sql`${table.closedAt} is null`),
  ],
);

/** One joining of a meeting by the clinician or the patient of its visit. */
export const meetingAttendee = pgTable(
  'meeting_attendee',
  {
    id: uuid('id').primaryKey(),
    meetingId: uuid('meeting_id')
      .notNull()
      .references(() => meeting.id),
    /** The joining user; null for a guest, who has no account. */
    seqUser: integer('seq_user').references(() => appUser.seqUser),
    guestId: uuid('guest_id').references(() => callGuest.id),
    role: text('role', { enum: ['clinician', 'patient', 'guest'] }).notNull(),
    joinedAt: createdAt(),
  },
  (table) => [
    index('meeting_attendee_meeting').on(table.meetingId, table.seqUser),
    check(
      'meeting_attendee_who',
      sql`(${table.role} = 'guest') = (${table.guestId} is not null and ${table.seqUser} is null)`,
    ),
  ],
);

/**
 * A guest of a visit's call, a caregiver or an interpreter the clinician invited by link
 * (decision 0019): the link's token and, once opened, the guest's own token are kept as sha256
 * only. The link opens once, before `expiresAt`; the guest then waits like the patient
 * (`waitingSince`, `seenAt`, `knockedAt`) until admitted to a call, and is out for good once removed.
 */
export const callGuest = pgTable(
  'call_guest',
  {
    id: uuid('id').primaryKey(),
    seqSchedule: integer('seq_schedule')
      .notNull()
      .references(() => schedule.seqSchedule),
    invitedBy: integer('invited_by')
      .notNull()
      .references(() => appUser.seqUser),
    linkHash: text('link_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: instant('expires_at').notNull(),
    openedAt: instant('opened_at'),
    name: text('name'),
    role: text('role', { enum: ['caregiver', 'interpreter'] }),
    tokenHash: text('token_hash'),
    waitingSince: instant('waiting_since'),
    seenAt: instant('seen_at'),
    knockedAt: instant('knocked_at'),
    admittedMeetingId: uuid('admitted_meeting_id').references(() => meeting.id),
    removedAt: instant('removed_at'),
  },
  (table) => [
    uniqueIndex('call_guest_link').on(table.linkHash),
    uniqueIndex('call_guest_token').on(table.tokenHash),
    index('call_guest_schedule').on(table.seqSchedule),
  ],
);

/**
 * The patient in a visit's waiting room: there since `waitingSince` while their app says so (every
 * `lobbyRules.heartbeatMs`; gone once silent for `lobbyRules.lostMs`), and let into the call
 * `admittedMeetingId` by the clinician. One row per visit, its last wait; leaving the waiting room removes it.
 */
export const callLobby = pgTable(
  'call_lobby',
  {
    seqSchedule: integer('seq_schedule')
      .primaryKey()
      .references(() => schedule.seqSchedule),
    waitingSince: instant('waiting_since').notNull(),
    seenAt: instant('seen_at').notNull(),
    /** When the clinician was last told (the arrival, or a knock). */
    knockedAt: instant('knocked_at').notNull(),
    admittedMeetingId: uuid('admitted_meeting_id').references(() => meeting.id),
  },
  (table) => [index('call_lobby_seen').on(table.seenAt)],
);

/** What a browser saw during a call, sent once it ended. */
export const meetingEvent = pgTable(
  'meeting_event',
  {
    seqMeetingEvent: bigint('seq_meeting_event', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    meetingId: uuid('meeting_id')
      .notNull()
      .references(() => meeting.id),
    seqUser: integer('seq_user')
      .notNull()
      .references(() => appUser.seqUser),
    name: text('name').notNull(),
    at: instant('at').notNull(),
    attributes: jsonb('attributes').$type<Record<string, string | number | boolean | null>>().notNull(),
    receivedAt: createdAt(),
  },
  (table) => [index('meeting_event_meeting').on(table.meetingId, table.at)],
);

/** A kept report: the clinician's choices and words, and the data of its period as they were when saved. */
export const report = pgTable(
  'report',
  {
    seqReport: integer('seq_report').primaryKey().generatedAlwaysAsIdentity(),
    seqMedicalRelation: integer('seq_medical_relation')
      .notNull()
      .references(() => medicalRelation.seqMedicalRelation),
    seqManager: integer('seq_manager')
      .notNull()
      .references(() => manager.seqManager),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    parameters: jsonb('parameters').$type<string[]>().notNull(),
    position: smallint('position'),
    mode: smallint('mode'),
    chiefComplaint: text('chief_complaint').notNull(),
    expertOpinion: text('expert_opinion').notNull(),
    /** The report data and ROM days at saving, validated against the contract when read. */
    content: jsonb('content').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('report_relation').on(table.seqMedicalRelation, table.createdAt)],
);

/** A plan on offer. */
export const product = pgTable('product', {
  seqProduct: integer('seq_product').primaryKey().generatedAlwaysAsIdentity(),
  code: text('code').notNull().unique(),
  title: text('title').notNull(),
  subtitle: text('subtitle').notNull(),
  /** Active patients allowed; 0 means no limit. */
  patientLimit: integer('patient_limit').notNull(),
  priceMinor: integer('price_minor').notNull(),
  currency: text('currency').notNull(),
  sortOrder: smallint('sort_order').notNull(),
  isOffered: boolean('is_offered').notNull().default(true),
});

/** A clinician's subscription and the card on file (its type, last four and expiry only). */
export const subscription = pgTable('subscription', {
  seqManager: integer('seq_manager')
    .primaryKey()
    .references(() => manager.seqManager),
  seqProduct: integer('seq_product')
    .notNull()
    .references(() => product.seqProduct),
  status: text('status', { enum: ['trial', 'active', 'grace', 'ended'] }).notNull(),
  trialEndsAt: instant('trial_ends_at'),
  currentPeriodEnd: instant('current_period_end').notNull(),
  graceEndsAt: instant('grace_ends_at'),
  /** The last renewal attempt, so the grace period retries once a day. */
  lastAttemptAt: instant('last_attempt_at'),
  /**
   * The key of a renewal charge whose outcome is not known yet (the processor did not answer): it
   * is tried again within minutes with this same key, and cleared once the outcome is known.
   */
  chargeKey: text('charge_key'),
  planChangedAt: instant('plan_changed_at'),
  /** When the clinician was told that the trial ends soon (once per trial). */
  trialRemindedAt: instant('trial_reminded_at'),
  /** Renewal cancelled: the job ends the subscription with its period instead of charging. */
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  cardType: text('card_type'),
  cardLast4: text('card_last4'),
  cardExpiry: text('card_expiry'),
  /** The processor's reference to the card; never the number. */
  cardToken: text('card_token'),
  /** A renewal charge waiting for the card holder to confirm it (the processor's payment intent). */
  pendingIntent: text('pending_intent'),
  /**
   * The payment intent last answered for a browser to confirm (a month charged after an ended plan,
   * or to settle the grace period with a new card): the clinician's only one, since the next one
   * cancels it first, so two tabs never both charge.
   */
  openIntent: text('open_intent'),
  createdAt: createdAt(),
  updatedAt: instant('updated_at').notNull().defaultNow(),
});

/** A charge, a failed charge or the start of a trial. */
export const payment = pgTable(
  'payment',
  {
    seqPayment: integer('seq_payment').primaryKey().generatedAlwaysAsIdentity(),
    seqManager: integer('seq_manager')
      .notNull()
      .references(() => manager.seqManager),
    seqProduct: integer('seq_product')
      .notNull()
      .references(() => product.seqProduct),
    kind: text('kind', { enum: ['subscribe', 'renewal', 'retry'] }).notNull(),
    status: text('status', { enum: ['paid', 'failed', 'trial'] }).notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    periodStart: instant('period_start'),
    periodEnd: instant('period_end'),
    cardLast4: text('card_last4'),
    chargeId: text('charge_id'),
    failedCode: text('failed_code'),
    /** The browser's key of a checkout: a retried request finds the first answer here. */
    idempotencyKey: uuid('idempotency_key'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('payment_idempotency').on(table.seqManager, table.idempotencyKey),
    index('payment_manager').on(table.seqManager, table.createdAt),
  ],
);

/**
 * The receipt of a successful charge. It keeps what may change after the charge (the clinician's
 * name and clinic, the plan's name); the rest it shows is the payment's, which never changes.
 */
export const receipt = pgTable('receipt', {
  /** Numbers the receipt (R-<year>-<seq>). */
  seqReceipt: integer('seq_receipt').primaryKey().generatedAlwaysAsIdentity(),
  seqPayment: integer('seq_payment')
    .notNull()
    .unique()
    .references(() => payment.seqPayment),
  seqManager: integer('seq_manager')
    .notNull()
    .references(() => manager.seqManager),
  billedTo: text('billed_to').notNull(),
  clinicName: text('clinic_name'),
  clinicAddress: text('clinic_address'),
  productCode: text('product_code').notNull(),
  productTitle: text('product_title').notNull(),
  createdAt: createdAt(),
});

/**
 * The sandbox processor's own books (packages/payment-sandbox): Stripe's objects it made, by kind
 * and id, and the answers it gave to idempotency keys. Never a card number or security code.
 */
export const sandboxObject = pgTable(
  'sandbox_object',
  {
    kind: text('kind').notNull(),
    id: text('id').notNull(),
    body: jsonb('body').$type<Record<string, unknown>>().notNull(),
  },
  (table) => [primaryKey({ columns: [table.kind, table.id] })],
);

/** The processor's webhook events already handled: each is handled once, whatever the order. */
export const paymentEvent = pgTable('payment_event', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: instant('received_at').notNull(),
});

/** What a clinician over the patient limit chose in the pay pop-up, with the numbers then. */
export const penalty = pgTable(
  'penalty',
  {
    seqPenalty: integer('seq_penalty').primaryKey().generatedAlwaysAsIdentity(),
    seqManager: integer('seq_manager')
      .notNull()
      .references(() => manager.seqManager),
    choice: text('choice', { enum: ['pay', 'deactivate', 'later'] }).notNull(),
    activePatients: integer('active_patients').notNull(),
    patientLimit: integer('patient_limit').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('penalty_manager').on(table.seqManager, table.createdAt)],
);

/** A question to the service team: from a clinician (contact us) or a provider without an account. */
export const boardInquiry = pgTable(
  'board_inquiry',
  {
    seqBoard: integer('seq_board').primaryKey().generatedAlwaysAsIdentity(),
    seqManager: integer('seq_manager').references(() => manager.seqManager),
    kind: text('kind', { enum: ['clinic', 'provider'] }).notNull(),
    category: text('category').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    name: text('name'),
    email: text('email'),
    organization: text('organization'),
    phone: text('phone'),
    createdAt: createdAt(),
    deletedAt: instant('deleted_at'),
  },
  (table) => [index('board_inquiry_manager').on(table.seqManager, table.createdAt)],
);

/**
 * Mail waiting to be sent: written in the transaction of the change it reports, sent once that
 * has committed, and tried again by the background job until the mail server takes it.
 */
export const mailQueue = pgTable(
  'mail_queue',
  {
    seqMail: integer('seq_mail').primaryKey().generatedAlwaysAsIdentity(),
    recipient: text('recipient').notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** When a sender may take it: at once when queued; later while one is sending it or after a failure. */
    dueAt: instant('due_at').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('mail_queue_due').on(table.dueAt)],
);

/** A clinician's alert thresholds; a clinician without a row has the defaults of the contract. */
export const monitoringSetting = pgTable('monitoring_setting', {
  seqManager: integer('seq_manager')
    .primaryKey()
    .references(() => manager.seqManager),
  noDataDays: smallint('no_data_days').notNull(),
  adherencePercent: smallint('adherence_percent').notNull(),
  romDropDegrees: smallint('rom_drop_degrees').notNull(),
  romDropPercent: smallint('rom_drop_percent').notNull(),
  painLevel: smallint('pain_level').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One episode of a condition the monitoring job found in a patient's device data: raised when the
 * condition is first seen, ended when it is no longer. A subject tells apart episodes of one kind
 * that run side by side (a joint and direction, a prescription); at most one is ongoing per subject.
 */
export const monitoringAlert = pgTable(
  'monitoring_alert',
  {
    seqMonitoringAlert: integer('seq_monitoring_alert').primaryKey().generatedAlwaysAsIdentity(),
    seqMedicalRelation: integer('seq_medical_relation')
      .notNull()
      .references(() => medicalRelation.seqMedicalRelation),
    seqManager: integer('seq_manager')
      .notNull()
      .references(() => manager.seqManager),
    kind: text('kind', {
      enum: ['pain', 'romRegression', 'noData', 'lowAdherence', 'pastDue', 'questionnaireOverdue'],
    }).notNull(),
    subject: text('subject').notNull(),
    reason: jsonb('reason').$type<AlertReason>().notNull(),
    startedAt: instant('started_at').notNull(),
    endedAt: instant('ended_at'),
    state: text('state', { enum: ['open', 'acknowledged', 'snoozed'] })
      .notNull()
      .default('open'),
    note: text('note'),
    snoozedUntil: instant('snoozed_until'),
    changedAt: instant('changed_at'),
  },
  (table) => [
    uniqueIndex('monitoring_alert_ongoing')
      .on(table.seqMedicalRelation, table.kind, table.subject)
      .where(sql`${table.endedAt} is null`),
    index('monitoring_alert_manager').on(table.seqManager, table.startedAt),
  ],
);

/** The first day of a patient's monitoring episode, where the clinician set one (else the first device day). */
export const monitoringEpisode = pgTable('monitoring_episode', {
  seqMedicalRelation: integer('seq_medical_relation')
    .primaryKey()
    .references(() => medicalRelation.seqMedicalRelation),
  startDate: date('start_date', { mode: 'string' }).notNull(),
  updatedAt: instant('updated_at').notNull(),
});

/**
 * A patient's consent to remote monitoring, as the clinician recorded it. A withdrawal ends it and
 * is kept on the row; a consent given again is a new row, so the history stays. At most one is in
 * force (not withdrawn) per relation.
 */
export const monitoringConsent = pgTable(
  'monitoring_consent',
  {
    seqMonitoringConsent: integer('seq_monitoring_consent').primaryKey().generatedAlwaysAsIdentity(),
    seqMedicalRelation: integer('seq_medical_relation')
      .notNull()
      .references(() => medicalRelation.seqMedicalRelation),
    givenOn: date('given_on', { mode: 'string' }).notNull(),
    method: text('method', { enum: ['written', 'verbal', 'electronic'] }).notNull(),
    recordedBy: integer('recorded_by')
      .notNull()
      .references(() => manager.seqManager),
    recordedAt: instant('recorded_at').notNull(),
    withdrawnOn: date('withdrawn_on', { mode: 'string' }),
    withdrawnBy: integer('withdrawn_by').references(() => manager.seqManager),
    withdrawnAt: instant('withdrawn_at'),
  },
  (table) => [
    uniqueIndex('monitoring_consent_in_force')
      .on(table.seqMedicalRelation)
      .where(sql`${table.withdrawnOn} is null`),
    index('monitoring_consent_relation').on(table.seqMedicalRelation, table.givenOn),
  ],
);

/** Time a clinician logged for a patient's monitoring; a removal only marks it. */
export const monitoringTime = pgTable(
  'monitoring_time',
  {
    seqMonitoringTime: integer('seq_monitoring_time').primaryKey().generatedAlwaysAsIdentity(),
    seqMedicalRelation: integer('seq_medical_relation')
      .notNull()
      .references(() => medicalRelation.seqMedicalRelation),
    seqManager: integer('seq_manager')
      .notNull()
      .references(() => manager.seqManager),
    date: date('date', { mode: 'string' }).notNull(),
    minutes: smallint('minutes').notNull(),
    activity: text('activity', {
      enum: ['dataReview', 'communication', 'planChange', 'coordination', 'other'],
    }).notNull(),
    interactive: boolean('interactive').notNull(),
    note: text('note').notNull(),
    /** Where it was logged: by hand on the monitoring panel, or from the patient's message thread. */
    source: text('source', { enum: ['manual', 'messages'] })
      .notNull()
      .default('manual'),
    createdAt: createdAt(),
    deletedAt: instant('deleted_at'),
  },
  (table) => [
    index('monitoring_time_relation_date').on(table.seqMedicalRelation, table.date),
    // Messages are never an interactive communication (codes 98980/98981, decision 0016).
    check('monitoring_time_messages_not_interactive', sql`${table.source} <> 'messages' or not ${table.interactive}`),
  ],
);

/**
 * How a patient feels between visits, sent from the app to one of their clinicians. The app
 * chooses the idempotency key when the report is made, so a report sent again (made offline, then
 * replayed) is kept once.
 */
export const symptomReport = pgTable(
  'symptom_report',
  {
    seqSymptomReport: integer('seq_symptom_report').primaryKey().generatedAlwaysAsIdentity(),
    seqMedicalRelation: integer('seq_medical_relation')
      .notNull()
      .references(() => medicalRelation.seqMedicalRelation),
    seqPatient: integer('seq_patient')
      .notNull()
      .references(() => patient.seqPatient),
    idempotencyKey: uuid('idempotency_key').notNull(),
    painLevel: smallint('pain_level').notNull(),
    symptoms: text('symptoms'),
    /** When the patient made it; never later than when it arrived. */
    reportedAt: instant('reported_at').notNull(),
    receivedAt: instant('received_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('symptom_report_idempotency').on(table.seqPatient, table.idempotencyKey),
    index('symptom_report_relation').on(table.seqMedicalRelation, table.reportedAt),
  ],
);

/**
 * A questionnaire a clinician added for an instrument their clinic holds a licence for: the
 * definition as typed, and the FHIR Questionnaire and scoring made of it (docs/decisions/0015).
 * Never changed once added, so every response to it reads as it was answered.
 */
export const customQuestionnaire = pgTable(
  'custom_questionnaire',
  {
    seqCustomQuestionnaire: integer('seq_custom_questionnaire').primaryKey().generatedAlwaysAsIdentity(),
    seqManager: integer('seq_manager')
      .notNull()
      .references(() => manager.seqManager),
    /** The FHIR id's part: Questionnaire/custom-<fhirId>. */
    fhirId: uuid('fhir_id').notNull().unique(),
    definition: jsonb('definition').$type<CustomQuestionnaireDefinition>().notNull(),
    questionnaire: jsonb('questionnaire').$type<OutcomeQuestionnaire>().notNull(),
    scoring: jsonb('scoring').$type<ScoringRule>().notNull(),
    mcid: doublePrecision('mcid').notNull(),
    direction: text('direction', { enum: ['higherIsBetter', 'lowerIsBetter'] }).notNull(),
    /** Who confirmed that the clinic holds the instrument's licence, and when. */
    licenceConfirmedBy: integer('licence_confirmed_by')
      .notNull()
      .references(() => manager.seqManager),
    licenceConfirmedAt: instant('licence_confirmed_at').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('custom_questionnaire_manager').on(table.seqManager)],
);

/**
 * Sending one instrument to one patient: once, every N days or weeks, or before each visit. The
 * time zone is the clinician's when it was made, so its days and times stay where they were set.
 */
export const questionnaireSchedule = pgTable(
  'questionnaire_schedule',
  {
    seqQuestionnaireSchedule: integer('seq_questionnaire_schedule').primaryKey().generatedAlwaysAsIdentity(),
    seqMedicalRelation: integer('seq_medical_relation')
      .notNull()
      .references(() => medicalRelation.seqMedicalRelation),
    /** The clinician who made it. */
    seqManager: integer('seq_manager')
      .notNull()
      .references(() => manager.seqManager),
    /** A shipped instrument's key, or else a custom questionnaire. */
    instrumentKey: text('instrument_key'),
    seqCustomQuestionnaire: integer('seq_custom_questionnaire').references(
      () => customQuestionnaire.seqCustomQuestionnaire,
    ),
    /** The canonical `url|version` of the Questionnaire it sends: its answers are checked and scored against that one. */
    questionnaire: text('questionnaire').notNull(),
    cadence: jsonb('cadence').$type<QuestionnaireCadence>().notNull(),
    timeZone: text('time_zone').notNull(),
    createdAt: createdAt(),
    cancelledAt: instant('cancelled_at'),
    cancelledBy: integer('cancelled_by').references(() => manager.seqManager),
  },
  (table) => [
    index('questionnaire_schedule_relation').on(table.seqMedicalRelation, table.createdAt),
    check(
      'questionnaire_schedule_one_instrument',
      sql`(${table.instrumentKey} is null) <> (${table.seqCustomQuestionnaire} is null)`,
    ),
  ],
);

/**
 * One questionnaire a schedule sends: due at a time, told of and reminded once each, found
 * overdue once (the monitoring job raises its alert while it stays open), answered by a response
 * or withdrawn.
 */
export const questionnaireRequest = pgTable(
  'questionnaire_request',
  {
    seqQuestionnaireRequest: integer('seq_questionnaire_request').primaryKey().generatedAlwaysAsIdentity(),
    seqQuestionnaireSchedule: integer('seq_questionnaire_schedule')
      .notNull()
      .references(() => questionnaireSchedule.seqQuestionnaireSchedule),
    seqMedicalRelation: integer('seq_medical_relation')
      .notNull()
      .references(() => medicalRelation.seqMedicalRelation),
    /** The visit it is sent before, for a schedule "before each visit". */
    seqSchedule: integer('seq_schedule').references(() => schedule.seqSchedule),
    dueAt: instant('due_at').notNull(),
    notifiedAt: instant('notified_at'),
    remindedAt: instant('reminded_at'),
    overdueAt: instant('overdue_at'),
    seqQuestionnaireResponse: integer('seq_questionnaire_response').references(
      (): AnyPgColumn => questionnaireResponse.seqQuestionnaireResponse,
    ),
    cancelledAt: instant('cancelled_at'),
  },
  (table) => [
    index('questionnaire_request_relation').on(table.seqMedicalRelation, table.dueAt),
    index('questionnaire_request_schedule').on(table.seqQuestionnaireSchedule),
    uniqueIndex('questionnaire_request_visit')
      .on(table.seqQuestionnaireSchedule, table.seqSchedule)
      .where(sql`${table.seqSchedule} is not null`),
    // The job's passes read the open ones only.
    index('questionnaire_request_open')
      .on(table.dueAt)
      .where(sql`${table.seqQuestionnaireResponse} is null and ${table.cancelledAt} is null`),
  ],
);

/**
 * A response as the patient sent it (the FHIR QuestionnaireResponse), scored when it arrived;
 * never changed. A clinician may supersede it, with a reason, by a response they enter in its place
 * or by none: the original stays, marked.
 */
export const questionnaireResponse = pgTable(
  'questionnaire_response',
  {
    seqQuestionnaireResponse: integer('seq_questionnaire_response').primaryKey().generatedAlwaysAsIdentity(),
    seqQuestionnaireRequest: integer('seq_questionnaire_request')
      .notNull()
      .references((): AnyPgColumn => questionnaireRequest.seqQuestionnaireRequest),
    seqMedicalRelation: integer('seq_medical_relation')
      .notNull()
      .references(() => medicalRelation.seqMedicalRelation),
    seqPatient: integer('seq_patient')
      .notNull()
      .references(() => patient.seqPatient),
    instrumentKey: text('instrument_key'),
    seqCustomQuestionnaire: integer('seq_custom_questionnaire').references(
      () => customQuestionnaire.seqCustomQuestionnaire,
    ),
    resource: jsonb('resource').$type<OutcomeQuestionnaireResponse>().notNull(),
    /** The score, or null with why in the result. */
    score: doublePrecision('score'),
    scoreResult: jsonb('score_result').$type<ScoreResult>().notNull(),
    /** The app's key for a patient's response, so a replay from the outbox keeps nothing new. */
    idempotencyKey: uuid('idempotency_key'),
    /** Null for the patient's own; the clinician who entered a response in place of another. */
    enteredBy: integer('entered_by').references(() => manager.seqManager),
    authoredAt: instant('authored_at').notNull(),
    receivedAt: instant('received_at').notNull(),
    supersedes: integer('supersedes').references((): AnyPgColumn => questionnaireResponse.seqQuestionnaireResponse),
    supersededAt: instant('superseded_at'),
    supersededBy: integer('superseded_by').references(() => manager.seqManager),
    supersedeReason: text('supersede_reason'),
  },
  (table) => [
    uniqueIndex('questionnaire_response_idempotency').on(table.seqPatient, table.idempotencyKey),
    // One patient's answer per request; a clinician's entries in place of one point at the same request.
    uniqueIndex('questionnaire_response_request')
      .on(table.seqQuestionnaireRequest)
      .where(sql`${table.enteredBy} is null`),
    index('questionnaire_response_relation').on(table.seqMedicalRelation, table.authoredAt),
    check(
      'questionnaire_response_one_instrument',
      sql`(${table.instrumentKey} is null) <> (${table.seqCustomQuestionnaire} is null)`,
    ),
  ],
);

// Secure messages between a clinician and their patient (docs/decisions/0016-messages.md).

/**
 * The thread of one medical relation, made at its first message. It holds what delivery needs
 * once per thread: when each side was last told by push or mail (several messages in a short
 * while make one notification) and the closed period last answered by an automatic reply.
 */
export const messageThread = pgTable('message_thread', {
  seqMedicalRelation: integer('seq_medical_relation')
    .primaryKey()
    .references(() => medicalRelation.seqMedicalRelation),
  clinicianNotifiedAt: instant('clinician_notified_at'),
  patientNotifiedAt: instant('patient_notified_at'),
  /** The closed period (its end, or the vacation) the patient was last sent the automatic reply for. */
  autoReplyPeriod: text('auto_reply_period'),
  createdAt: createdAt(),
});

/**
 * A message of a thread. Append-only: its text never changes; a withdrawal only marks it (the
 * row keeps what it said, for the record), and so does its first reading by the other side.
 */
export const message = pgTable(
  'message',
  {
    seqMessage: integer('seq_message').primaryKey().generatedAlwaysAsIdentity(),
    seqMedicalRelation: integer('seq_medical_relation')
      .notNull()
      .references(() => messageThread.seqMedicalRelation),
    senderRole: text('sender_role', { enum: ['clinician', 'patient'] }).notNull(),
    /** The account that sent it (the clinician's for an automatic reply). */
    seqUser: integer('seq_user')
      .notNull()
      .references(() => appUser.seqUser),
    body: text('body').notNull(),
    /** Set on the clinician's automatic replies out of open hours or on vacation. */
    automatic: text('automatic', { enum: ['afterHours', 'vacation'] }),
    nextOpenAt: instant('next_open_at'),
    /** Chosen by the sending app, so that a message sent twice (offline, then replayed) is kept once. */
    idempotencyKey: uuid('idempotency_key'),
    sentAt: instant('sent_at').notNull(),
    readAt: instant('read_at'),
    withdrawnAt: instant('withdrawn_at'),
  },
  (table) => [
    index('message_thread_order').on(table.seqMedicalRelation, table.seqMessage),
    uniqueIndex('message_idempotency').on(table.seqUser, table.idempotencyKey),
    index('message_unread')
      .on(table.seqMedicalRelation, table.senderRole)
      .where(sql`${table.readAt} is null and ${table.withdrawnAt} is null`),
  ],
);

/**
 * A file sent with a message: an upload bound to the thread when it is uploaded and to its
 * message when that is sent; an image has a thumbnail, an upload of its own.
 */
export const messageAttachment = pgTable(
  'message_attachment',
  {
    uploadId: uuid('upload_id')
      .primaryKey()
      .references(() => upload.id),
    seqMedicalRelation: integer('seq_medical_relation')
      .notNull()
      .references(() => medicalRelation.seqMedicalRelation),
    seqMessage: integer('seq_message').references(() => message.seqMessage),
    position: smallint('position'),
    fileName: text('file_name').notNull(),
    thumbnailUploadId: uuid('thumbnail_upload_id').references(() => upload.id),
  },
  (table) => [index('message_attachment_message').on(table.seqMessage, table.position)],
);

/** A clinician's reply template; {patientFirstName}, {nextVisit} and {clinicianName} are filled when sent. */
export const messageTemplate = pgTable(
  'message_template',
  {
    seqMessageTemplate: integer('seq_message_template').primaryKey().generatedAlwaysAsIdentity(),
    seqManager: integer('seq_manager')
      .notNull()
      .references(() => manager.seqManager),
    title: text('title').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (table) => [index('message_template_manager').on(table.seqManager, table.title)],
);

/** What a clinician's patients are answered outside open hours and during a vacation, per language. */
export const messageAwaySetting = pgTable('message_away_setting', {
  seqManager: integer('seq_manager')
    .primaryKey()
    .references(() => manager.seqManager),
  afterHoursTexts: jsonb('after_hours_texts').$type<Record<string, string>>().notNull().default({}),
  /** The vacation's first and last day, in the clinician's time zone; both or neither. */
  vacationFrom: date('vacation_from', { mode: 'string' }),
  vacationTo: date('vacation_to', { mode: 'string' }),
  vacationTexts: jsonb('vacation_texts').$type<Record<string, string>>().notNull().default({}),
  timeZone: text('time_zone').notNull(),
  updatedAt: instant('updated_at').notNull(),
});

/**
 * A system a clinician lets read their patients' records through FHIR (SMART Backend Services,
 * decision 0020): named by the clinician, known by its public keys, with the scopes it may ask for.
 */
export const fhirClient = pgTable(
  'fhir_client',
  {
    id: uuid('id').primaryKey(),
    seqManager: integer('seq_manager')
      .notNull()
      .references(() => manager.seqManager),
    name: text('name').notNull(),
    /** The client's public keys as a JWK Set (a key given as PEM is kept as its JWK). */
    jwks: jsonb('jwks').$type<{ keys: Record<string, unknown>[] }>().notNull(),
    /** The scopes the client may be given, space-separated (`system/*.rs`). */
    scope: text('scope').notNull(),
    createdAt: createdAt(),
    revokedAt: instant('revoked_at'),
  },
  (table) => [index('fhir_client_manager').on(table.seqManager, table.createdAt)],
);

/** The `jti` of each client assertion accepted, kept until it expires: a second use is refused. */
export const fhirAssertion = pgTable(
  'fhir_assertion',
  {
    clientId: uuid('client_id')
      .notNull()
      .references(() => fhirClient.id),
    jti: text('jti').notNull(),
    expiresAt: instant('expires_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.clientId, table.jti] }), index('fhir_assertion_expiry').on(table.expiresAt)],
);

/** An access token of a FHIR client, kept as its sha256, for the scopes granted, until it expires. */
export const fhirAccessToken = pgTable(
  'fhir_access_token',
  {
    tokenHash: text('token_hash').primaryKey(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => fhirClient.id),
    scope: text('scope').notNull(),
    expiresAt: instant('expires_at').notNull(),
  },
  (table) => [index('fhir_access_token_expiry').on(table.expiresAt)],
);

/** One file of a bulk export: the resource type it holds, how many, and where its NDJSON is kept. */
export interface FhirExportFile {
  type: string;
  count: number;
  storageKey: string;
}

/**
 * A FHIR Bulk Data export a clinician's client or session asked for (decision 0020): the types and
 * `_since` asked, the files written so far, and when they are deleted. Cancelling deletes the row;
 * the background job writing its files sees that and stops.
 */
export const fhirExport = pgTable(
  'fhir_export',
  {
    id: uuid('id').primaryKey(),
    seqManager: integer('seq_manager')
      .notNull()
      .references(() => manager.seqManager),
    /** The client that asked; null for the clinician's own session. */
    clientId: uuid('client_id').references(() => fhirClient.id),
    /** The kick-off request's URL, as the manifest repeats it. */
    request: text('request').notNull(),
    types: text('types').array().notNull(),
    since: instant('since'),
    status: text('status', { enum: ['accepted', 'running', 'complete', 'failed'] }).notNull(),
    files: jsonb('files').$type<FhirExportFile[]>().notNull().default([]),
    createdAt: instant('created_at').notNull(),
    /** The run writing the files: each of its writes names it, so that a run taken over writes nothing more. */
    runId: uuid('run_id'),
    /** The manifest's `transactionTime`: set when a run takes the export up. */
    transactionTime: instant('transaction_time'),
    /** Set while it runs, by the database's clock; a run whose beat stopped (its instance ended) is taken up again. */
    heartbeatAt: instant('heartbeat_at'),
    /** When the files are deleted, counted from completion. */
    expiresAt: instant('expires_at'),
  },
  (table) => [
    index('fhir_export_status').on(table.status, table.createdAt),
    index('fhir_export_expiry').on(table.expiresAt),
  ],
);
