import { useContractForm } from '@clinic/client/contract-form';
import { findUserId } from '@clinic/contract';
import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../shared/i18n/use-message.ts';
import { useFindUserId } from '../api/find-user-id.ts';

const initialValues = { firstName: '', lastName: '', userEmail: '' };

type Outcome = { kind: 'found'; maskedUserId: string } | { kind: 'failed'; code: string } | undefined;

/** Find ID: name and e-mail; the ID is shown masked and mailed in full. */
export function FindIdForm(): ReactElement {
  const { t } = useTranslation();
  const message = useMessage();
  const find = useFindUserId();
  const [outcome, setOutcome] = useState<Outcome>();
  const form = useContractForm({
    initialValues,
    schema: findUserId.request,
    send: find.mutateAsync,
    onReply: (reply) =>
      setOutcome(
        reply.isSuccess
          ? { kind: 'found', maskedUserId: reply.maskedUserId }
          : { kind: 'failed', code: reply.failedCode },
      ),
  });
  const { values, errors } = form;

  return (
    <form
      noValidate
      onSubmit={(event) => {
        setOutcome(undefined);
        form.onSubmit(event);
      }}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('findId.intro')}
        </Text>
        <TextInput
          label={t('findId.firstName')}
          autoComplete="given-name"
          value={values.firstName}
          onChange={(event) => form.setValue('firstName', event.currentTarget.value)}
          error={message(errors.firstName)}
        />
        <TextInput
          label={t('findId.lastName')}
          autoComplete="family-name"
          value={values.lastName}
          onChange={(event) => form.setValue('lastName', event.currentTarget.value)}
          error={message(errors.lastName)}
        />
        <TextInput
          type="email"
          label={t('findId.email')}
          autoComplete="email"
          value={values.userEmail}
          onChange={(event) => form.setValue('userEmail', event.currentTarget.value)}
          error={message(errors.userEmail)}
        />
        {outcome?.kind === 'found' && (
          <Alert color="teal" role="status" title={t('findId.foundTitle')}>
            <Text size="sm">{t('findId.found', { userId: outcome.maskedUserId })}</Text>
            <Text size="sm">{t('findId.mailed')}</Text>
          </Alert>
        )}
        {outcome?.kind === 'failed' && (
          <Alert color="red" role="alert">
            {message(outcome.code)}
          </Alert>
        )}
        <Button type="submit" loading={find.isPending}>
          {t('findId.submit')}
        </Button>
      </Stack>
    </form>
  );
}
