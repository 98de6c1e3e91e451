import { totpCodeField } from '@clinic/contract';
import { Alert, Button, Group, Image, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../i18n/use-message.ts';

export interface Enrolment {
  secret: string;
  otpauthUri: string;
  qrCode: string;
}

interface TotpEnrolmentProps {
  enrolment: Enrolment;
  /** Sends the first code; answers the failedCode of a refusal, or undefined once confirmed. */
  onConfirm: (code: string) => Promise<string | undefined>;
  pending: boolean;
  /** Buttons beside the confirmation (a cancel). */
  actions?: ReactNode;
}

/** An authenticator app's set-up: the secret as a QR code and in text, confirmed with a first code. */
export function TotpEnrolment({ enrolment, onConfirm, pending, actions }: TotpEnrolmentProps): ReactElement {
  const { t } = useTranslation();
  const message = useMessage();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();

  const submit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    const parsed = totpCodeField.safeParse(code);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'validation.totp_code');
      return;
    }
    setError(await onConfirm(parsed.data));
  };

  // In groups of four the secret is easier to type; the apps take it with or without the spaces.
  const grouped = enrolment.secret.replace(/(.{4})/g, '$1 ').trim();
  return (
    <Stack gap="md">
      <Text size="sm">{t('secondFactor.setup.scan')}</Text>
      <Image src={enrolment.qrCode} alt={t('secondFactor.setup.qrAlt')} w={200} h={200} fit="contain" />
      <TextInput
        readOnly
        label={t('secondFactor.setup.secretLabel')}
        description={t('secondFactor.setup.typeInstead')}
        ff="monospace"
        value={grouped}
        onFocus={(event) => event.currentTarget.select()}
      />
      <form noValidate onSubmit={(event) => void submit(event)}>
        <Stack gap="sm">
          <TextInput
            label={t('secondFactor.code')}
            description={t('secondFactor.setup.codeHint')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maw={240}
            value={code}
            onChange={(event) => {
              setCode(event.currentTarget.value);
              setError(undefined);
            }}
            error={error === 'validation.totp_code' ? message(error) : undefined}
          />
          {error && error !== 'validation.totp_code' && (
            <Alert color="red" role="alert">
              {message(error)}
            </Alert>
          )}
          <Group>
            <Button type="submit" loading={pending}>
              {t('secondFactor.setup.confirm')}
            </Button>
            {actions}
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
