import { z } from 'zod';
import { isValidNpi } from './npi.ts';
import { rules } from './rules.ts';

/**
 * Field rules of SPEC section 5. Each message is a translation key (messages/*.ts), so the
 * server and the web app show the same words for the same rule.
 */
const required = { error: 'validation.required' } as const;

export const emailField = z
  .string(required)
  .trim()
  .toLowerCase()
  .min(1, required)
  .max(rules.emailMax, { error: 'account.email_form_mismatch' })
  .refine((value) => value.length > rules.emailMinExclusive, { error: 'account.email_form_mismatch' })
  .pipe(z.email({ error: 'account.email_form_mismatch' }));

export const nameField = z
  .string(required)
  .trim()
  .min(1, required)
  .max(rules.nameMax, { error: 'validation.name_length' });

export const userIdField = z
  .string(required)
  .trim()
  .toLowerCase()
  .min(1, required)
  .min(rules.userIdMin, { error: 'validation.user_id_format' })
  .max(rules.userIdMax, { error: 'validation.user_id_format' })
  .regex(/^[a-z0-9][a-z0-9._-]*$/, { error: 'validation.user_id_format' });

export const passwordField = z
  .string(required)
  .min(1, required)
  .min(rules.passwordMin, { error: 'validation.password_length' })
  .max(rules.passwordMax, { error: 'validation.password_length' })
  .regex(/^[\x21-\x7E]+$/, { error: 'validation.password_chars' })
  .regex(/\d/, { error: 'validation.password_digit' })
  .regex(/[a-z]/, { error: 'validation.password_case' })
  .regex(/[A-Z]/, { error: 'validation.password_case' });

/** What a person types to log in: the e-mail address or the user ID. */
export const loginIdField = z.string(required).trim().toLowerCase().min(1, required).max(rules.emailMax, required);

/** A password being typed to log in or to confirm: only its presence and size are checked. */
export const currentPasswordField = z
  .string(required)
  .min(1, required)
  .max(rules.passwordMax * 4, required);

export const npiField = z
  .string(required)
  .trim()
  .min(1, required)
  .refine(isValidNpi, { error: 'validation.npi_invalid' });

export const clinicianTitles = [
  'MD',
  'DO',
  'DPT',
  'PT',
  'PTA',
  'OTR',
  'OT',
  'COTA',
  'NP',
  'PA',
  'RN',
  'OTHER',
] as const;
export const titleField = z.enum(clinicianTitles, { error: 'validation.title_required' });

export const pngDataUrlPrefix = 'data:image/png;base64,';
/** A drawn signature as a PNG data URL, at most rules.signatureMaxBytes once decoded. */
export const signatureField = z
  .string(required)
  .min(1, required)
  .startsWith(pngDataUrlPrefix, { error: 'validation.signature_required' })
  .max(pngDataUrlPrefix.length + Math.ceil((rules.signatureMaxBytes * 4) / 3), {
    error: 'validation.signature_too_large',
  })
  .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/, { error: 'validation.signature_required' });

export const agreementField = z.literal(true, { error: 'signup.terms_not_agreed' });

/** A single-use token from a mailed link. */
export const linkTokenField = z.string(required).regex(/^[A-Za-z0-9_-]{20,200}$/, { error: 'validation.link_invalid' });
