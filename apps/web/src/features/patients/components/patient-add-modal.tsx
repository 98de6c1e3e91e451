import { FailedCode, addPatient, addPatientNoAuth, syncAuthCodeField } from '@clinic/contract';
import { Alert, Button, Card, Group, Modal, Stack, Tabs, Text } from '@mantine/core';
import { useState, type FormEvent, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@clinic/client/api-error';
import { formatDate } from '../../../shared/dates/date-format.ts';
import { fieldErrorsOf, fieldErrorsOfReply } from '../../../shared/forms/issues.ts';
import { TextField } from '../../../shared/forms/text-field.tsx';
import { useMessage } from '../../../shared/i18n/use-message.ts';
import { showSuccess } from '../../../shared/notices/banners.ts';
import { useUnit } from '../../../shared/units/unit-preference.ts';
import { bodyDisplayOf, heightCmOf, weightKgOf, type BodyDisplay } from '../../../shared/units/units.ts';
import { useAddPatient, useCheckSyncCode, type AddPatientInput, type SyncCodeReply } from '../api/add-patient.ts';
import { BodyFields } from './body-fields.tsx';
import { DeviceRadio } from './device-radio.tsx';
import { PatientProfileFields, type ProfileFieldValues } from './patient-profile-fields.tsx';

type Errors = Record<string, string>;
type Preview = Extract<SyncCodeReply, { isSuccess: true }>['patient'];

export interface PatientAddModalProps {
  opened: boolean;
  onClose: () => void;
  /** The plan is full (PAT0300): the caller shows the plan-upgrade prompt. */
  onPlanLimit: () => void;
  onAdded?: (seqMedicalRelation: number) => void;
}

function useBody() {
  const unit = useUnit();
  const [body, setBody] = useState<BodyDisplay>(() => bodyDisplayOf(null, null, unit));
  const [device, setDevice] = useState<1 | 2 | null>(1);
  return {
    unit,
    body,
    setBody,
    device,
    setDevice,
    values: () => ({ heightCm: heightCmOf(body, unit), weightKg: weightKgOf(body, unit), deviceType: device }),
  };
}

function FailureAlert({ code }: { code: string | undefined }): ReactElement | null {
  const message = useMessage();
  return code ? (
    <Alert color="red" role="alert">
      {message(code)}
    </Alert>
  ) : null;
}

/** Registers a patient without a code (the full profile) or an app member with a sync code. */
function NoCodeForm({ onDone, onPlanLimit }: { onDone: (seq: number) => void; onPlanLimit: () => void }) {
  const { t } = useTranslation();
  const add = useAddPatient();
  const unit = useUnit();
  const [fields, setFields] = useState<ProfileFieldValues>(() => ({
    name: '',
    email: '',
    birth: '',
    gender: null,
    body: bodyDisplayOf(null, null, unit),
    device: 1,
  }));
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string>();

  const submit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    setFailure(undefined);
    const parsed = addPatientNoAuth.request.safeParse({
      patientName: fields.name,
      patientEmail: fields.email,
      patientInfoBirth: fields.birth,
      patientInfoGender: fields.gender,
      heightCm: heightCmOf(fields.body, unit),
      weightKg: weightKgOf(fields.body, unit),
      deviceType: fields.device,
    });
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed));
      return;
    }
    await send({ mode: 'noAuth', body: parsed.data }, add.mutateAsync, onDone, onPlanLimit, setFailure, setErrors);
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-label={t('patients.add.noCodeTab')}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('patients.add.requiredHint')}
        </Text>
        <FailureAlert code={failure} />
        <PatientProfileFields
          unit={unit}
          values={fields}
          onChange={(patch) => setFields((current) => ({ ...current, ...patch }))}
          errors={errors}
          setErrors={setErrors}
          inModal
        />
        <Group justify="flex-end" mt="xs">
          <Button type="submit" loading={add.isPending}>
            {t('patients.add.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

async function send(
  input: AddPatientInput,
  mutate: (input: AddPatientInput) => Promise<Awaited<ReturnType<ReturnType<typeof useAddPatient>['mutateAsync']>>>,
  onDone: (seq: number) => void,
  onPlanLimit: () => void,
  setFailure: (code: string | undefined) => void,
  setErrors: (errors: Errors) => void,
): Promise<void> {
  try {
    const reply = await mutate(input);
    if (reply.isSuccess) onDone(reply.seqMedicalRelation);
    else if (reply.failedCode === FailedCode.PlanLimitReached) onPlanLimit();
    else setFailure(reply.failedCode);
  } catch (error) {
    // A duplicate e-mail address comes back as a 400 with its field; the banner said the rest.
    if (isApiError(error) && error.fields.length > 0) setErrors(fieldErrorsOfReply(error.fields));
  }
}

function WithCodeForm({ onDone, onPlanLimit }: { onDone: (seq: number) => void; onPlanLimit: () => void }) {
  const { t, i18n } = useTranslation();
  const add = useAddPatient();
  const check = useCheckSyncCode();
  const bodyState = useBody();
  const [code, setCode] = useState('');
  const [preview, setPreview] = useState<Preview>();
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string>();

  const checkCode = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    setFailure(undefined);
    const parsed = syncAuthCodeField.safeParse(code);
    if (!parsed.success) {
      setErrors({ patientSyncAuthCode: parsed.error.issues[0]?.message ?? 'validation.invalid' });
      return;
    }
    try {
      const reply = await check.mutateAsync(parsed.data);
      if (reply.isSuccess) setPreview(reply.patient);
      else setFailure(reply.failedCode);
    } catch {
      // The banner of the HTTP client has said what went wrong.
    }
  };

  const submit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    setFailure(undefined);
    const parsed = addPatient.request.safeParse({ patientSyncAuthCode: code, ...bodyState.values() });
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed));
      return;
    }
    await send({ mode: 'code', body: parsed.data }, add.mutateAsync, onDone, onPlanLimit, setFailure, setErrors);
  };

  if (!preview) {
    return (
      <form noValidate onSubmit={(event) => void checkCode(event)} aria-label={t('patients.add.codeTab')}>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('patients.add.codeIntro')}
          </Text>
          <FailureAlert code={failure} />
          <TextField
            label={t('patients.fields.syncCode')}
            value={code}
            onChange={(value) => {
              setCode(value.replace(/\D/g, ''));
              setErrors({});
            }}
            maxLength={6}
            inputMode="numeric"
            autoComplete="one-time-code"
            error={errors.patientSyncAuthCode}
            required
            data-autofocus
          />
          <Group justify="flex-end">
            <Button type="submit" loading={check.isPending}>
              {t('patients.add.checkCode')}
            </Button>
          </Group>
        </Stack>
      </form>
    );
  }

  const genderText =
    preview.patientInfoGender === 'M'
      ? t('fields.genderMale')
      : preview.patientInfoGender === 'F'
        ? t('fields.genderFemale')
        : t('fields.genderUnset');

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-label={t('patients.add.codeTab')}>
      <Stack gap="sm">
        <FailureAlert code={failure} />
        <Card withBorder padding="sm" aria-label={t('patients.add.preview')} component="section">
          <Text size="xs" c="dimmed" fw={600} tt="uppercase">
            {t('patients.add.preview')}
          </Text>
          <Text fw={600}>{preview.patientName}</Text>
          <Text size="sm">
            {formatDate(preview.patientInfoBirth, i18n.language)} · {genderText}
          </Text>
        </Card>
        <BodyFields unit={bodyState.unit} value={bodyState.body} onChange={bodyState.setBody} errors={errors} />
        <DeviceRadio value={bodyState.device} onChange={bodyState.setDevice} error={errors.deviceType} />
        <Group justify="space-between" mt="xs">
          <Button
            variant="subtle"
            onClick={() => {
              setPreview(undefined);
              setCode('');
            }}
          >
            {t('patients.add.otherCode')}
          </Button>
          <Button type="submit" loading={add.isPending}>
            {t('patients.add.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** SPEC 2 patient-add modal, with and without the sync auth code. */
export function PatientAddModal({ opened, onClose, onPlanLimit, onAdded }: PatientAddModalProps): ReactElement {
  const { t } = useTranslation();
  const [mode, setMode] = useState<string | null>('noAuth');

  const done = (seq: number): void => {
    showSuccess(t('patients.add.done'));
    onClose();
    onAdded?.(seq);
  };
  const planLimit = (): void => {
    onClose();
    onPlanLimit();
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('patients.add.title')} size="lg">
      {opened && (
        <Tabs value={mode} onChange={setMode} keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="noAuth">{t('patients.add.noCodeTab')}</Tabs.Tab>
            <Tabs.Tab value="code">{t('patients.add.codeTab')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="noAuth">
            <NoCodeForm onDone={done} onPlanLimit={planLimit} />
          </Tabs.Panel>
          <Tabs.Panel value="code">
            <WithCodeForm onDone={done} onPlanLimit={planLimit} />
          </Tabs.Panel>
        </Tabs>
      )}
    </Modal>
  );
}
