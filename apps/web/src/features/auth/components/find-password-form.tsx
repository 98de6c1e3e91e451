import { useContractForm } from '@clinic/client/contract-form';
import { links, resetManagerPw } from '@clinic/contract';
import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../shared/i18n/use-message.ts';
import { useResetManagerPw } from '../api/reset-manager-pw.ts';

/** Find password: mails a single-use link to set a new password. */
export function FindPasswordForm(): ReactElement {
  const { t } = useTranslation();
  const message = useMessage();
  const reset = useResetManagerPw();
  const [sentTo, setSentTo] = useState<string>();
  const form = useContractForm({
    initialValues: { userEmail: '' },
    schema: resetManagerPw.request,
    send: (request) => reset.mutateAsync(request.userEmail),
    onReply: (reply, form, request) => {
      if (reply.isSuccess) setSentTo(request.userEmail);
      else form.setFailure(reply.failedCode);
    },
  });

  return (
    <form
      noValidate
      onSubmit={(event) => {
        setSentTo(undefined);
        form.onSubmit(event);
      }}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('findPassword.intro')}
        </Text>
        <TextInput
          type="email"
          label={t('findPassword.email')}
          autoComplete="email"
          value={form.values.userEmail}
          onChange={(event) => form.setValue('userEmail', event.currentTarget.value)}
          error={message(form.errors.userEmail)}
        />
        {sentTo && (
          <Alert color="teal" role="status" title={t('findPassword.sentTitle')}>
            {t('findPassword.sent', { email: sentTo, minutes: links.resetPasswordMinutes })}
          </Alert>
        )}
        {form.failure && (
          <Alert color="red" role="alert">
            {message(form.failure)}
          </Alert>
        )}
        <Button type="submit" loading={reset.isPending}>
          {t('findPassword.submit')}
        </Button>
      </Stack>
    </form>
  );
}
