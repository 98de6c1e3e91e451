import { z } from 'zod';
import { defineEndpoint, success } from './endpoint.ts';
import { rules } from './rules.ts';
import { emailField, idField, nameField, pageField } from './validation.ts';

const tag = 'board';

export const inquiryRules = { titleMax: 200, contentMax: rules.noteMax, organizationMax: 200, phoneMax: 30 } as const;

export const inquiryCategories = ['service', 'payment', 'device', 'account', 'other'] as const;

const title = z.lazy(() =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(inquiryRules.titleMax, { error: 'validation.too_long' }),
);
const content = z.lazy(() =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(inquiryRules.contentMax, { error: 'validation.too_long' }),
);

export const inquiry = z.lazy(() =>
  z.object({
    seqBoard: z.number().int(),
    category: z.enum(inquiryCategories),
    title: z.string(),
    content: z.string(),
    createdAt: z.string(),
  }),
);
export type Inquiry = z.infer<typeof inquiry>;

/** Contact us: a logged-in clinician writes to the service. */
export const saveClinicInquiry = defineEndpoint({
  method: 'POST',
  path: '/board/inquiry/clinic',
  access: 'manager',
  audit: { action: 'create', entity: 'inquiry' },
  tag,
  summary: "Sends the clinician's question to the service team and keeps it in their list",
  get request() {
    return z.object({ category: z.enum(inquiryCategories, { error: 'validation.invalid' }), title, content });
  },
  get reply() {
    return success({ inquiry });
  },
});

/** The provider inquiry form of the login area: anyone may ask about the service. */
export const saveProviderInquiry = defineEndpoint({
  method: 'POST',
  path: '/board/inquiry/save',
  access: 'public',
  audit: false,
  tag,
  summary: 'Sends a question from a provider who has no account yet to the service team',
  get request() {
    return z.object({
      name: nameField,
      email: emailField,
      organization: z
        .string()
        .trim()
        .max(inquiryRules.organizationMax, { error: 'validation.too_long' })
        .nullable()
        .optional(),
      phone: z
        .string()
        .trim()
        .regex(/^[0-9+() -]{0,30}$/, { error: 'validation.phone' })
        .nullable()
        .optional(),
      title,
      content,
    });
  },
  get reply() {
    return success({ seqBoard: z.number().int() });
  },
});

export const listInquiries = defineEndpoint({
  method: 'POST',
  path: '/board/inquiry/list',
  access: 'manager',
  audit: { action: 'read', entity: 'inquiry' },
  tag,
  summary: "The clinician's own inquiries, newest first",
  get request() {
    return z.object({
      page: pageField,
      size: z.number().int().min(1).max(100).default(20),
    });
  },
  get reply() {
    return success({ inquiryList: z.array(inquiry), totalCount: z.number().int() });
  },
});

export const deleteInquiry = defineEndpoint({
  method: 'PATCH',
  path: '/board/inquiry/delete',
  access: 'manager',
  audit: { action: 'delete', entity: 'inquiry' },
  tag,
  summary: 'Removes one of the clinician’s inquiries from their list',
  get request() {
    return z.object({ seqBoard: idField });
  },
  get reply() {
    return success({});
  },
});
