import { isApiError } from '@clinic/client/api-error';
import { FailedCode } from '@clinic/contract';
import { Alert, Button, Stack } from '@mantine/core';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../shared/i18n/use-message.ts';

interface PasskeyButtonProps {
  label: string;
  /** Asks the device for a passkey and sends it: a business failure answers its code. */
  attempt: () => Promise<{ isSuccess: boolean; failedCode?: string }>;
  onLoggedIn: () => Promise<void>;
  /** A login step that ran out sends the clinician back to the password. */
  onExpired?: (failedCode: string) => void;
  variant?: 'filled' | 'default';
}

/** A login with a passkey: the browser asks for the fingerprint, face or PIN of the device. */
export function PasskeyButton({
  label,
  attempt,
  onLoggedIn,
  onExpired,
  variant = 'default',
}: PasskeyButtonProps): ReactElement {
  const { t } = useTranslation();
  const message = useMessage();
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string>();

  const run = async (): Promise<void> => {
    setFailure(undefined);
    setPending(true);
    try {
      const reply = await attempt();
      if (reply.isSuccess) return await onLoggedIn();
      if (reply.failedCode === FailedCode.LoginStepExpired && onExpired) return onExpired(reply.failedCode);
      setFailure(message(reply.failedCode));
    } catch (error) {
      // An HTTP error has its banner; otherwise the person closed the browser's prompt, or the device has no passkey of this site.
      if (!isApiError(error)) setFailure(t('passkeys.notUsed'));
    } finally {
      setPending(false);
    }
  };

  return (
    <Stack gap="xs">
      {failure && (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      )}
      <Button variant={variant} size="md" loading={pending} onClick={() => void run()}>
        {label}
      </Button>
    </Stack>
  );
}
