import { useContractForm } from '@clinic/client/contract-form';
import { FailedCode, addPatient, addPatientNoAuth, isPatientSyncAuthCodeValid } from '@clinic/contract';
import { Alert, Button, Card, Group, Modal, Stack, Tabs, Text } from '@mantine/core';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/dates/date-format.ts';
import { TextField } from '../../../shared/forms/text-field.tsx';
import { useMessage } from '../../../shared/i18n/use-message.ts';
import { showSuccess } from '../../../shared/notices/banners.ts';
import { useUnit } from '../../../shared/units/unit-preference.ts';
import { bodyDisplayOf, heightCmOf, weightKgOf, type BodyDisplay, type Unit } from '../../../shared/units/units.ts';
import { useAddPatient, useCheckSyncCode, type AddPatientReply, type SyncCodeReply } from '../api/add-patient.ts';
import { BodyFields } from './body-fields.tsx';
import { DeviceRadio } from './device-radio.tsx';
import { PatientProfileFields, type ProfileFieldValues } from './patient-profile-fields.tsx';

type Preview = Extract<SyncCodeReply, { isSuccess: true }>['patient'];

export interface PatientAddModalProps {
  opened: boolean;
  onClose: () => void;
  /** The plan is full (PAT0300): the caller shows the plan-upgrade prompt. */
  onPlanLimit: () => void;
  onAdded?: (seqMedicalRelation: number) => void;
}

interface AddFormProps {
  onDone: (seq: number) => void;
  onPlanLimit: () => void;
}

/** What an add reply means for either form; a duplicate e-mail address comes back as a 400 with its field. */
function onAddReply({ onDone, onPlanLimit }: AddFormProps) {
  return (reply: AddPatientReply, form: { setFailure: (code: string | undefined) => void }): void => {
    if (reply.isSuccess) onDone(reply.seqMedicalRelation);
    else if (reply.failedCode === FailedCode.PlanLimitReached) onPlanLimit();
    else form.setFailure(reply.failedCode);
  };
}

/** Height and weight of the request, from the body in the clinician's unit. */
function bodyRequestOf(body: BodyDisplay, unit: Unit): { heightCm: number | undefined; weightKg: number | undefined } {
  return { heightCm: heightCmOf(body, unit), weightKg: weightKgOf(body, unit) };
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
function NoCodeForm(props: AddFormProps) {
  const { t } = useTranslation();
  const add = useAddPatient();
  const unit = useUnit();
  const [initial] = useState<ProfileFieldValues>(() => ({
    patientName: '',
    patientEmail: '',
    patientInfoBirth: '',
    patientInfoGender: null,
    body: bodyDisplayOf(null, null, unit),
    deviceType: 1,
  }));
  const form = useContractForm({
    initialValues: initial,
    schema: addPatientNoAuth.request,
    toRequest: ({ body, ...values }) => ({ ...values, ...bodyRequestOf(body, unit) }),
    send: (body) => add.mutateAsync({ mode: 'noAuth', body }),
    onReply: onAddReply(props),
  });

  return (
    <form noValidate onSubmit={form.onSubmit} aria-label={t('patients.add.noCodeTab')}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('patients.add.requiredHint')}
        </Text>
        <FailureAlert code={form.failure} />
        <PatientProfileFields unit={unit} form={form} inModal />
        <Group justify="flex-end" mt="xs">
          <Button type="submit" loading={add.isPending}>
            {t('patients.add.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function WithCodeForm(props: AddFormProps) {
  const { t, i18n } = useTranslation();
  const add = useAddPatient();
  const check = useCheckSyncCode();
  const unit = useUnit();
  const [preview, setPreview] = useState<Preview>();
  const codeForm = useContractForm({
    initialValues: { patientSyncAuthCode: '' },
    schema: isPatientSyncAuthCodeValid.request,
    send: (request) => check.mutateAsync(request.patientSyncAuthCode),
    onReply: (reply, form) => {
      if (reply.isSuccess) setPreview(reply.patient);
      else form.setFailure(reply.failedCode);
    },
  });
  const [initialBody] = useState<Pick<ProfileFieldValues, 'body' | 'deviceType'>>(() => ({
    body: bodyDisplayOf(null, null, unit),
    deviceType: 1,
  }));
  const form = useContractForm({
    initialValues: initialBody,
    schema: addPatient.request,
    toRequest: ({ body, deviceType }) => ({
      patientSyncAuthCode: codeForm.values.patientSyncAuthCode,
      ...bodyRequestOf(body, unit),
      deviceType,
    }),
    send: (body) => add.mutateAsync({ mode: 'code', body }),
    onReply: onAddReply(props),
  });

  if (!preview) {
    return (
      <form noValidate onSubmit={codeForm.onSubmit} aria-label={t('patients.add.codeTab')}>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('patients.add.codeIntro')}
          </Text>
          <FailureAlert code={codeForm.failure} />
          <TextField
            label={t('patients.fields.syncCode')}
            value={codeForm.values.patientSyncAuthCode}
            onChange={(value) => codeForm.setValue('patientSyncAuthCode', value.replace(/\D/g, ''))}
            maxLength={6}
            inputMode="numeric"
            autoComplete="one-time-code"
            error={codeForm.errors.patientSyncAuthCode}
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
    <form noValidate onSubmit={form.onSubmit} aria-label={t('patients.add.codeTab')}>
      <Stack gap="sm">
        <FailureAlert code={form.failure} />
        <Card withBorder padding="sm" aria-label={t('patients.add.preview')} component="section">
          <Text size="xs" c="dimmed" fw={600} tt="uppercase">
            {t('patients.add.preview')}
          </Text>
          <Text fw={600}>{preview.patientName}</Text>
          <Text size="sm">
            {formatDate(preview.patientInfoBirth, i18n.language)} · {genderText}
          </Text>
        </Card>
        <BodyFields
          unit={unit}
          value={form.values.body}
          onChange={(body) => {
            form.setValue('body', body);
            form.clearErrors('heightCm', 'weightKg');
          }}
          errors={form.errors}
        />
        <DeviceRadio
          value={form.values.deviceType}
          onChange={(device) => form.setValue('deviceType', device)}
          error={form.errors.deviceType}
        />
        <Group justify="space-between" mt="xs">
          <Button
            variant="subtle"
            onClick={() => {
              setPreview(undefined);
              codeForm.reset();
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
