import { z } from 'zod';
import { isValidNpi } from './npi.ts';
import { rules } from './rules.ts';

/**
 * Field rules of SPEC section 5. Each message is a translation key (messages/*.ts), so the
 * server and the web app show the same words for the same rule.
 */
const required = { error: 'validation.required' } as const;

export const emailField = z.lazy(() =>
  z
    .string(required)
    .trim()
    .toLowerCase()
    .min(1, required)
    .max(rules.emailMax, { error: 'account.email_form_mismatch' })
    .refine((value) => value.length > rules.emailMinExclusive, { error: 'account.email_form_mismatch' })
    .pipe(z.email({ error: 'account.email_form_mismatch' })),
);

export const nameField = z.lazy(() =>
  z.string(required).trim().min(1, required).max(rules.nameMax, { error: 'validation.name_length' }),
);

export const userIdField = z.lazy(() =>
  z
    .string(required)
    .trim()
    .toLowerCase()
    .min(1, required)
    .min(rules.userIdMin, { error: 'validation.user_id_format' })
    .max(rules.userIdMax, { error: 'validation.user_id_format' })
    .regex(/^[a-z0-9][a-z0-9._-]*$/, { error: 'validation.user_id_format' }),
);

export const passwordField = z.lazy(() =>
  z
    .string(required)
    .min(1, required)
    .min(rules.passwordMin, { error: 'validation.password_length' })
    .max(rules.passwordMax, { error: 'validation.password_length' })
    .regex(/^[\x21-\x7E]+$/, { error: 'validation.password_chars' })
    .regex(/\d/, { error: 'validation.password_digit' })
    .regex(/[a-z]/, { error: 'validation.password_case' })
    .regex(/[A-Z]/, { error: 'validation.password_case' }),
);

/** What a person types to log in: the e-mail address or the user ID. */
export const loginIdField = z.lazy(() =>
  z.string(required).trim().toLowerCase().min(1, required).max(rules.emailMax, required),
);

/** A password being typed to log in or to confirm: only its presence and size are checked. */
export const currentPasswordField = z.lazy(() =>
  z
    .string(required)
    .min(1, required)
    .max(rules.passwordMax * 4, required),
);

/** The request of a change confirmed by the password alone (how the account logs in, or its deletion). */
export const passwordConfirmation = (): z.ZodObject<{ password: typeof currentPasswordField }> =>
  z.object({ password: currentPasswordField });

export const npiField = z.lazy(() =>
  z.string(required).trim().min(1, required).refine(isValidNpi, { error: 'validation.npi_invalid' }),
);

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
export const titleField = z.lazy(() => z.enum(clinicianTitles, { error: 'validation.title_required' }));

export const pngDataUrlPrefix = 'data:image/png;base64,';
/** A drawn signature as a PNG data URL, at most rules.signatureMaxBytes once decoded. */
export const signatureField = z.lazy(() =>
  z
    .string(required)
    .min(1, required)
    .startsWith(pngDataUrlPrefix, { error: 'validation.signature_required' })
    .max(pngDataUrlPrefix.length + Math.ceil((rules.signatureMaxBytes * 4) / 3), {
      error: 'validation.signature_too_large',
    })
    .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/, { error: 'validation.signature_required' }),
);

export const agreementField = z.lazy(() => z.literal(true, { error: 'signup.terms_not_agreed' }));

/** A single-use token from a mailed link. */
export const linkTokenField = z.lazy(() =>
  z.string(required).regex(/^[A-Za-z0-9_-]{20,200}$/, { error: 'validation.link_invalid' }),
);

/** A calendar date as YYYY-MM-DD (SPEC 5 "Datetime"), between 1900 and 2999. */
export const dateField = z.lazy(() =>
  z
    .string(required)
    .min(1, required)
    .regex(/^(19|2\d)\d{2}-\d{2}-\d{2}$/, { error: 'validation.date_format' })
    .refine(
      (value) =>
        !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
        new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
      {
        error: 'validation.date_format',
      },
    ),
);

/** A birth date: a real date, not in the future and not before 1900. */
export const birthDateField = z.lazy(() =>
  dateField.refine((value) => value >= '1900-01-01' && value <= new Date().toISOString().slice(0, 10), {
    error: 'validation.birth_date_range',
  }),
);

/** Patient e-mail: optional, but a valid address when given. */
export const optionalEmailField = z.lazy(() =>
  z
    .string()
    .trim()
    .toLowerCase()
    .max(rules.emailMax, { error: 'account.email_form_mismatch' })
    .refine((value) => value === '' || (value.length > rules.emailMinExclusive && z.email().safeParse(value).success), {
      error: 'account.email_form_mismatch',
    })
    .optional(),
);

export const genders = ['M', 'F'] as const;
export const genderField = z.lazy(() => z.enum(genders, { error: 'validation.invalid' }).nullable());

/** The linked device: 1 home, 2 pro (SPEC 1). */
export const deviceTypeField = z.lazy(() => z.union([z.literal(1), z.literal(2)], { error: 'validation.device_type' }));

/** Height in centimetres and weight in kilograms: greater than 0 (SPEC 5). */
export const heightField = z.lazy(() =>
  z
    .number({ error: 'validation.required' })
    .gt(0, { error: 'validation.positive' })
    .max(rules.heightMaxCm, { error: 'validation.too_large' }),
);
export const weightField = z.lazy(() =>
  z
    .number({ error: 'validation.required' })
    .gt(0, { error: 'validation.positive' })
    .max(rules.weightMaxKg, { error: 'validation.too_large' }),
);

export const idField = z.lazy(() => z.number({ error: 'validation.required' }).int().positive().max(2_147_483_647));

/** A served upload's path; the id in it is a UUID as the server makes them (lowercase). */
const uploadPathPattern = /^\/api\/storage\/file\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** Where an upload is served: GET /api/storage/file/:id, to the users allowed to see it. */
export const uploadPathOf = (uploadId: string): string => `/api/storage/file/${uploadId}`;

/**
 * The one parser of an id taken from a path or URL: the upload id of a served path, undefined for
 * anything else, so a malformed id is refused before it reaches the database.
 */
export const uploadIdOf = (path: string): string | undefined => uploadPathPattern.exec(path)?.[1];

/** A served path of an upload, as the upload endpoints answer it: every request field holding one uses this. */
export const uploadPathField = z.lazy(() =>
  z
    .string(required)
    .regex(uploadPathPattern, { error: 'validation.invalid' })
    .meta({ examples: [uploadPathOf('3f2c1a4e-8b7d-4c6e-9f0a-1b2c3d4e5f60')] }),
);

/**
 * Paging, the same on every paged endpoint: `page` counts from 1 (the first page is page 1, the
 * default), `size` is how many items a page holds, and the reply's `totalCount` counts every item,
 * so the last page is ceil(totalCount / size). A page past the last is empty.
 */
export const pageField = z.lazy(() =>
  z
    .number({ error: 'validation.integer' })
    .int({ error: 'validation.integer' })
    .min(1, { error: 'validation.out_of_range' })
    .max(100_000, { error: 'validation.out_of_range' })
    .default(1)
    .describe('The page, counted from 1'),
);

/** How many items come before a page: what the database skips. */
export const pageOffset = (page: number, size: number): number => (page - 1) * size;
