import { inquiryCategories, saveClinicInquiry } from '@clinic/contract';
import { Button, Group, Stack } from '@mantine/core';
import type { FormEvent, ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@clinic/client/api-error';
import { fieldErrorsOf, fieldErrorsOfReply } from '../../../shared/forms/issues.ts';
import { SelectField } from '../../../shared/forms/select-field.tsx';
import { useFormState } from '../../../shared/forms/use-form-state.ts';
import { showSuccess } from '../../../shared/notices/banners.ts';
import { useSaveClinicInquiry } from '../api/save-clinic-inquiry.ts';
import { InquiryTextFields } from './inquiry-text-fields.tsx';

const initial = { category: '', title: '', content: '' };

/** Contact us: a category, a title and the question. */
export function ContactForm({ onSent }: { onSent: () => void }): ReactElement {
  const { t } = useTranslation();
  const form = useFormState(initial);
  const { values, errors } = form;
  const save = useSaveClinicInquiry();

  const submit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    const parsed = saveClinicInquiry.request.safeParse(values);
    if (!parsed.success) {
      form.setErrors(fieldErrorsOf(parsed));
      return;
    }
    try {
      await save.mutateAsync(parsed.data);
      form.reset();
      showSuccess(t('inquiries.sent'));
      onSent();
    } catch (error) {
      if (isApiError(error) && error.fields.length > 0) form.setErrors(fieldErrorsOfReply(error.fields));
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-label={t('inquiries.contact.formLabel')}>
      <Stack gap="sm">
        <SelectField
          label={t('inquiries.fields.category')}
          placeholder={t('inquiries.fields.chooseCategory')}
          options={inquiryCategories.map((value) => ({ value, label: t(`inquiries.categories.${value}`) }))}
          value={values.category}
          onChange={(value) => form.setValue('category', value)}
          error={errors.category}
        />
        <InquiryTextFields form={form} />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {t('inquiries.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
