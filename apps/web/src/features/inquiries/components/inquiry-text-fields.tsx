import type { FormState } from '@clinic/client/form-state';
import { inquiryRules } from '@clinic/contract';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { TextareaField } from '../../../shared/forms/textarea-field.tsx';
import { TextField } from '../../../shared/forms/text-field.tsx';

/** The title and the question, as both inquiry forms ask them. */
export function InquiryTextFields<Values extends { title: string; content: string }>({
  form,
}: {
  form: FormState<Values>;
}): ReactElement {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        label={t('inquiries.fields.title')}
        value={form.values.title}
        onChange={(value) => form.setValue('title', value)}
        maxLength={inquiryRules.titleMax}
        error={form.errors.title}
      />
      <TextareaField
        label={t('inquiries.fields.content')}
        value={form.values.content}
        onChange={(value) => form.setValue('content', value)}
        maxLength={inquiryRules.contentMax}
        error={form.errors.content}
      />
    </>
  );
}
