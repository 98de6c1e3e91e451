import { useContractForm } from '@clinic/client/contract-form';
import { inquiryCategories, saveClinicInquiry } from '@clinic/contract';
import { Button, Group, Stack } from '@mantine/core';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../../shared/forms/select-field.tsx';
import { showSuccess } from '../../../shared/notices/banners.ts';
import { useSaveClinicInquiry } from '../api/save-clinic-inquiry.ts';
import { InquiryTextFields } from './inquiry-text-fields.tsx';

const initial = { category: '', title: '', content: '' };

/** Contact us: a category, a title and the question. */
export function ContactForm({ onSent }: { onSent: () => void }): ReactElement {
  const { t } = useTranslation();
  const save = useSaveClinicInquiry();
  const form = useContractForm({
    initialValues: initial,
    schema: saveClinicInquiry.request,
    send: save.mutateAsync,
    onReply: (_reply, form) => {
      form.reset();
      showSuccess(t('inquiries.sent'));
      onSent();
    },
  });
  const { values, errors } = form;

  return (
    <form noValidate onSubmit={form.onSubmit} aria-label={t('inquiries.contact.formLabel')}>
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
