import { useContractForm, type ContractForm, type ContractFormOptions } from '@clinic/client/contract-form';
import { FailedCode, passwordConfirmation } from '@clinic/contract';
import { Alert, Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useState, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../i18n/use-message.ts';

type PasswordValues = { password: string };

export interface PasswordConfirmModalProps<Values extends PasswordValues> {
  opened: boolean;
  title: string;
  /** What the password is asked for; "Enter your password to continue." unless told. */
  intro?: string;
  submitLabel: string;
  danger?: boolean;
  pending: boolean;
  /**
   * Sends the request (the password, and the fields asked with it) with the change it confirms;
   * answers the failedCode of a refusal, or nothing. The caller closes the modal once the change is done.
   */
  onSubmit: (request: Values) => Promise<string | undefined>;
  onClose: () => void;
  /** The failedCode the modal is opened again for, such as a confirmation that ran out. */
  openedFor?: string;
  /**
   * Fields asked with the password, above it (a passkey's name), with their values and the
   * contract's rule of the whole request; the first of them takes the focus.
   */
  fields?: {
    initialValues: Values;
    schema: ContractFormOptions<Values, Values, unknown>['schema'];
    render: (form: ContractForm<Values>) => ReactNode;
  };
}

const passwordOnly: PasswordValues = { password: '' };
const passwordOnlyRequest = passwordConfirmation();

/**
 * The password asked again before a change of how the account logs in, or its deletion: a session
 * alone changes none of them (docs/decisions/0011-second-factor.md).
 */
export function PasswordConfirmModal<Values extends PasswordValues = PasswordValues>({
  opened,
  title,
  intro,
  submitLabel,
  danger = false,
  pending,
  onSubmit,
  onClose,
  openedFor,
  fields,
}: PasswordConfirmModalProps<Values>): ReactElement {
  const { t } = useTranslation();
  const message = useMessage();
  const form = useContractForm<Values, Values, string | undefined>({
    initialValues: fields?.initialValues ?? (passwordOnly as Values),
    schema: fields?.schema ?? (passwordOnlyRequest as ContractFormOptions<Values, Values, unknown>['schema']),
    send: onSubmit,
    // A wrong password shows at its field; other refusals above the fields.
    onReply: (failedCode, form) => {
      if (failedCode === FailedCode.WrongPassword) form.setErrors({ password: failedCode } as typeof form.errors);
      else form.setFailure(failedCode);
    },
    // The banner of the HTTP client has said what went wrong.
    onError: () => undefined,
  });
  // Each opening starts without what was typed the time before.
  const [shown, setShown] = useState(false);
  if (opened !== shown) {
    setShown(opened);
    form.reset();
    form.setFailure(opened ? openedFor : undefined);
  }

  return (
    <Modal opened={opened} onClose={onClose} title={title}>
      <form noValidate onSubmit={form.onSubmit}>
        <Stack gap="md">
          <Text size="sm">{intro ?? t('common.passwordIntro')}</Text>
          {form.failure && (
            <Alert color="red" role="alert">
              {message(form.failure)}
            </Alert>
          )}
          {fields?.render(form)}
          <PasswordInput
            label={t('common.password')}
            autoComplete="current-password"
            data-autofocus={fields ? undefined : true}
            value={form.values.password}
            onChange={(event) => {
              form.setValue('password', event.currentTarget.value);
              form.setFailure(undefined);
            }}
            error={message(form.errors.password)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" color={danger ? 'red' : undefined} loading={pending}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
