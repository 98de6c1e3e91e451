import { useContractForm } from '@clinic/client/contract-form';
import { inquiryRules, saveProviderInquiry } from '@clinic/contract';
import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { EmailField, TextField } from '../../../shared/forms/text-field.tsx';
import { useSaveProviderInquiry } from '../api/save-provider-inquiry.ts';
import { InquiryTextFields } from './inquiry-text-fields.tsx';

const initial = { name: '', email: '', organization: '', phone: '', title: '', content: '' };

/** The provider inquiry form of the login area: a provider without an account asks about the service. */
export function ProviderInquiryModal({ opened, onClose }: { opened: boolean; onClose: () => void }): ReactElement {
  const { t } = useTranslation();
  const save = useSaveProviderInquiry();
  const [sent, setSent] = useState(false);
  const form = useContractForm({
    initialValues: initial,
    schema: saveProviderInquiry.request,
    toRequest: (values) => ({
      ...values,
      organization: values.organization.trim() || null,
      phone: values.phone.trim() || null,
    }),
    send: save.mutateAsync,
    onReply: (_reply, form) => {
      form.reset();
      setSent(true);
    },
  });
  const { values, errors } = form;

  const close = (): void => {
    form.reset();
    setSent(false);
    onClose();
  };

  return (
    <Modal opened={opened} onClose={close} title={t('inquiries.provider.title')} size="lg" centered>
      {sent ? (
        <Stack gap="md">
          <Alert color="teal" role="status">
            {t('inquiries.provider.sent')}
          </Alert>
          <Group justify="flex-end">
            <Button onClick={close}>{t('common.close')}</Button>
          </Group>
        </Stack>
      ) : (
        <form noValidate onSubmit={form.onSubmit} aria-label={t('inquiries.provider.title')}>
          <Stack gap="sm">
            <TextField
              label={t('inquiries.fields.name')}
              value={values.name}
              onChange={(value) => form.setValue('name', value)}
              maxLength={50}
              error={errors.name}
            />
            <EmailField
              label={t('inquiries.fields.email')}
              value={values.email}
              onChange={(value) => form.setValue('email', value)}
              error={errors.email}
            />
            <TextField
              label={t('inquiries.fields.organization')}
              value={values.organization}
              onChange={(value) => form.setValue('organization', value)}
              maxLength={inquiryRules.organizationMax}
              error={errors.organization}
            />
            <TextField
              label={t('inquiries.fields.phone')}
              type="tel"
              value={values.phone}
              onChange={(value) => form.setValue('phone', value)}
              maxLength={inquiryRules.phoneMax}
              error={errors.phone}
            />
            <InquiryTextFields form={form} />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={save.isPending}>
                {t('inquiries.send')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
