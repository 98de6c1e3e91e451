import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

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
  specialty: text('specialty'),
  background: text('background'),
  languageList: jsonb('language_list').$type<string[]>().notNull().default([]),
  professionalEducation: text('professional_education'),
  yearsOfExperience: integer('years_of_experience'),
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
    createdAt: createdAt(),
    lastSeenAt: instant('last_seen_at').notNull().defaultNow(),
    passwordConfirmedAt: instant('password_confirmed_at'),
    revokedAt: instant('revoked_at'),
    revokeReason: text('revoke_reason'),
    fcmToken: text('fcm_token'),
    userAgent: text('user_agent'),
    ip: text('ip'),
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

/** Secrets every server instance must share (the access-token key when AUTH_SECRET is unset). */
export const appSecret = pgTable('app_secret', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});
