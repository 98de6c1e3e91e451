import { currentPasswordField, FailedCode } from '@clinic/contract';
import { Alert, Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useState, type FormEvent, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../i18n/use-message.ts';

export interface PasswordConfirmModalProps {
  opened: boolean;
  title: string;
  /** What the password is asked for; "Enter your password to continue." unless told. */
  intro?: string;
  submitLabel: string;
  danger?: boolean;
  pending: boolean;
  /**
   * Sends the password with the change it confirms; answers the failedCode of a refusal, or nothing.
   * The caller closes the modal once the change is done.
   */
  onSubmit: (password: string) => Promise<string | undefined>;
  onClose: () => void;
  /** The failedCode the modal is opened again for, such as a confirmation that ran out. */
  openedFor?: string;
  /** Fields asked with the password, above it (a passkey's name); the first of them takes the focus. */
  children?: ReactNode;
}

/**
 * The password asked again before a change of how the account logs in, or its deletion: a session
 * alone changes none of them (docs/decisions/0011-second-factor.md).
 */
export function PasswordConfirmModal({
  opened,
  title,
  intro,
  submitLabel,
  danger = false,
  pending,
  onSubmit,
  onClose,
  openedFor,
  children,
}: PasswordConfirmModalProps): ReactElement {
  const { t } = useTranslation();
  const message = useMessage();
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<string>();
  // Each opening starts without the password typed the time before.
  const [shown, setShown] = useState(false);
  if (opened !== shown) {
    setShown(opened);
    setPassword('');
    setFailure(opened ? openedFor : undefined);
  }

  const submit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    const parsed = currentPasswordField.safeParse(password);
    if (!parsed.success) {
      setFailure(parsed.error.issues[0]?.message ?? 'validation.required');
      return;
    }
    try {
      setFailure(await onSubmit(parsed.data));
    } catch {
      // The banner of the HTTP client has said what went wrong.
    }
  };

  const atField = failure === FailedCode.WrongPassword || failure?.startsWith('validation.');
  return (
    <Modal opened={opened} onClose={onClose} title={title}>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <Stack gap="md">
          <Text size="sm">{intro ?? t('common.passwordIntro')}</Text>
          {failure && !atField && (
            <Alert color="red" role="alert">
              {message(failure)}
            </Alert>
          )}
          {children}
          <PasswordInput
            label={t('common.password')}
            autoComplete="current-password"
            data-autofocus={children ? undefined : true}
            value={password}
            onChange={(event) => {
              setPassword(event.currentTarget.value);
              setFailure(undefined);
            }}
            error={atField ? message(failure) : undefined}
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
