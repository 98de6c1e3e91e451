import { inquiryRules, saveProviderInquiry } from '@clinic/contract';
import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { useState, type FormEvent, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@clinic/client/api-error';
import { fieldErrorsOf, fieldErrorsOfReply } from '../../../shared/forms/issues.ts';
import { EmailField, TextField } from '../../../shared/forms/text-field.tsx';
import { useFormState } from '../../../shared/forms/use-form-state.ts';
import { useSaveProviderInquiry } from '../api/save-provider-inquiry.ts';
import { InquiryTextFields } from './inquiry-text-fields.tsx';

const initial = { name: '', email: '', organization: '', phone: '', title: '', content: '' };

/** The provider inquiry form of the login area: a provider without an account asks about the service. */
export function ProviderInquiryModal({ opened, onClose }: { opened: boolean; onClose: () => void }): ReactElement {
  const { t } = useTranslation();
  const form = useFormState(initial);
  const { values, errors } = form;
  const save = useSaveProviderInquiry();
  const [sent, setSent] = useState(false);

  const close = (): void => {
    form.reset();
    setSent(false);
    onClose();
  };

  const submit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    const parsed = saveProviderInquiry.request.safeParse({
      ...values,
      organization: values.organization.trim() || null,
      phone: values.phone.trim() || null,
    });
    if (!parsed.success) {
      form.setErrors(fieldErrorsOf(parsed));
      return;
    }
    try {
      await save.mutateAsync(parsed.data);
      form.reset();
      setSent(true);
    } catch (error) {
      if (isApiError(error) && error.fields.length > 0) form.setErrors(fieldErrorsOfReply(error.fields));
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('inquiries.provider.title')}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
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
        <form noValidate onSubmit={(event) => void submit(event)} aria-label={t('inquiries.provider.title')}>
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
