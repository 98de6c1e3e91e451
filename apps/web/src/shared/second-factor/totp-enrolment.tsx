import { useContractForm, type ContractFormOptions } from '@clinic/client/contract-form';
import { Alert, Button, Group, Image, Stack, Text, TextInput } from '@mantine/core';
import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../i18n/use-message.ts';

export interface Enrolment {
  secret: string;
  otpauthUri: string;
  qrCode: string;
}

/** The code typed to confirm the set-up. */
interface CodeValues {
  code: string;
}

const initialValues: CodeValues = { code: '' };

interface TotpEnrolmentProps<Request extends object, Reply> {
  enrolment: Enrolment;
  /**
   * The endpoint that takes the first code: its request schema, the request of the code, and what
   * its reply means (a refusal shows with form.setFailure).
   */
  confirmation: Omit<ContractFormOptions<CodeValues, Request, Reply>, 'initialValues'>;
  pending: boolean;
  /** Buttons beside the confirmation (a cancel). */
  actions?: ReactNode;
}

/** An authenticator app's set-up: the secret as a QR code and in text, confirmed with a first code. */
export function TotpEnrolment<Request extends object, Reply>({
  enrolment,
  confirmation,
  pending,
  actions,
}: TotpEnrolmentProps<Request, Reply>): ReactElement {
  const { t } = useTranslation();
  const message = useMessage();
  // Failures of the call other than a refusal or field errors have the HTTP client's banner.
  const form = useContractForm({ ...confirmation, initialValues });
  const { values, errors, failure, setValue, setFailure } = form;

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
      <form noValidate onSubmit={form.onSubmit}>
        <Stack gap="sm">
          <TextInput
            label={t('secondFactor.code')}
            description={t('secondFactor.setup.codeHint')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maw={240}
            value={values.code}
            onChange={(event) => {
              setValue('code', event.currentTarget.value);
              setFailure(undefined);
            }}
            error={message(errors.code)}
          />
          {failure && (
            <Alert color="red" role="alert">
              {message(failure)}
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
