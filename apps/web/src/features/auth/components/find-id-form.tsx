import { findUserId } from '@clinic/contract';
import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf } from '../../../shared/forms/issues.ts';
import { useFormState } from '../../../shared/forms/use-form-state.ts';
import { useMessage } from '../../../shared/i18n/use-message.ts';
import { useFindUserId } from '../api/find-user-id.ts';

const initialValues = { firstName: '', lastName: '', userEmail: '' };

type Outcome = { kind: 'found'; maskedUserId: string } | { kind: 'failed'; code: string } | undefined;

/** Find ID: name and e-mail; the ID is shown masked and mailed in full. */
export function FindIdForm(): ReactElement {
  const { t } = useTranslation();
  const message = useMessage();
  const form = useFormState(initialValues);
  const { values, errors } = form;
  const find = useFindUserId();
  const [outcome, setOutcome] = useState<Outcome>();

  const submit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    setOutcome(undefined);
    const parsed = findUserId.request.safeParse(values);
    if (!parsed.success) {
      form.setErrors(fieldErrorsOf(parsed));
      return;
    }
    try {
      const reply = await find.mutateAsync(parsed.data);
      setOutcome(
        reply.isSuccess
          ? { kind: 'found', maskedUserId: reply.maskedUserId }
          : { kind: 'failed', code: reply.failedCode },
      );
    } catch {
      // The banner of the HTTP client has said what went wrong.
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
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
