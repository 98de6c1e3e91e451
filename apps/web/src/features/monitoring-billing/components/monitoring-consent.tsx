import { useContractForm } from '@clinic/client/contract-form';
import {
  addMonitoringConsent,
  consentMethods,
  withdrawMonitoringConsent,
  type ConsentMethod,
  type MonitoringConsent,
} from '@clinic/contract';
import { Alert, Button, Group, List, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, todayIso } from '../../../shared/dates/date-format.ts';
import { DateField } from '../../../shared/forms/date-field.tsx';
import { RadioField } from '../../../shared/forms/radio-field.tsx';
import { useMessage } from '../../../shared/i18n/use-message.ts';
import { useConsentChanges, useMonitoringConsent } from '../api/monitoring-consent.ts';

/** The form's values: the method is '' until one is chosen, which the contract refuses. */
interface RecordValues {
  givenOn: string;
  method: ConsentMethod | '';
}

function RecordDialog({
  seqMedicalRelation,
  opened,
  onClose,
}: {
  seqMedicalRelation: number;
  opened: boolean;
  onClose: () => void;
}): ReactElement {
  const { t } = useTranslation();
  const message = useMessage();
  const { add } = useConsentChanges(seqMedicalRelation);
  const [initialValues] = useState<RecordValues>(() => ({ givenOn: todayIso(), method: '' }));
  const form = useContractForm({
    initialValues,
    schema: addMonitoringConsent.request,
    toRequest: (values: RecordValues) => ({ seqMedicalRelation, ...values }),
    send: (request) => add.mutateAsync(request),
    onReply: (reply, form) => {
      if (!reply.isSuccess) return form.setFailure(reply.failedCode);
      form.reset();
      onClose();
    },
  });
  const close = (): void => {
    form.reset();
    form.setFailure(undefined);
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={t('monitoringBilling.consent.recordTitle')}>
      <form noValidate onSubmit={form.onSubmit}>
        <Stack gap="md">
          {form.failure && (
            <Alert color="red" role="alert">
              {message(form.failure)}
            </Alert>
          )}
          <DateField
            label={t('monitoringBilling.consent.givenOn')}
            value={form.values.givenOn}
            onChange={(value) => form.setValue('givenOn', value)}
            error={form.errors.givenOn}
            required
            notInFuture
          />
          <RadioField
            label={t('monitoringBilling.consent.method')}
            value={form.values.method}
            onChange={(value) => form.setValue('method', value as ConsentMethod)}
            options={consentMethods.map((value) => ({
              value,
              label: t(`monitoringBilling.consent.methods.${value}`),
            }))}
            error={form.errors.method}
            required
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={add.isPending}>
              {t('monitoringBilling.consent.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Withdrawing asks the day it took effect, and is confirmed in the dialog: Cancel has the focus. */
function WithdrawDialog({
  seqMedicalRelation,
  consent,
  onClose,
}: {
  seqMedicalRelation: number;
  consent: MonitoringConsent | undefined;
  onClose: () => void;
}): ReactElement {
  const { t } = useTranslation();
  const message = useMessage();
  const { withdraw } = useConsentChanges(seqMedicalRelation);
  const [initialValues] = useState(() => ({ withdrawnOn: todayIso() }));
  const form = useContractForm({
    initialValues,
    schema: withdrawMonitoringConsent.request,
    toRequest: ({ withdrawnOn }: { withdrawnOn: string }) => ({
      seqMonitoringConsent: consent?.seqMonitoringConsent,
      withdrawnOn,
    }),
    send: (request) => withdraw.mutateAsync(request),
    onReply: (reply, form) => {
      if (!reply.isSuccess) return form.setFailure(reply.failedCode);
      form.reset();
      onClose();
    },
  });
  const close = (): void => {
    form.reset();
    form.setFailure(undefined);
    onClose();
  };
  return (
    <Modal opened={consent !== undefined} onClose={close} title={t('monitoringBilling.consent.withdrawTitle')}>
      <form noValidate onSubmit={form.onSubmit}>
        <Stack gap="md">
          {form.failure && (
            <Alert color="red" role="alert">
              {message(form.failure)}
            </Alert>
          )}
          <Text size="sm">{t('monitoringBilling.consent.withdrawBody')}</Text>
          <DateField
            label={t('monitoringBilling.consent.withdrawnOn')}
            value={form.values.withdrawnOn}
            onChange={(value) => form.setValue('withdrawnOn', value)}
            error={form.errors.withdrawnOn}
            required
            notInFuture
            {...(consent && { minDate: consent.givenOn })}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} data-autofocus>
              {t('common.cancel')}
            </Button>
            <Button type="submit" color="red" loading={withdraw.isPending}>
              {t('monitoringBilling.consent.confirmWithdraw')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The day a consent was recorded on, when that is not the day it was given (a consent recorded later). */
function recordedLater(consent: MonitoringConsent): string | undefined {
  const recordedOn = todayIso(new Date(consent.recordedAt));
  return recordedOn === consent.givenOn ? undefined : recordedOn;
}

/** The patient's consent to remote monitoring: its state, recording and withdrawing it, and its history. */
export function ConsentSection({ seqMedicalRelation }: { seqMedicalRelation: number }): ReactElement {
  const { t, i18n } = useTranslation();
  const consent = useMonitoringConsent(seqMedicalRelation);
  const [recording, setRecording] = useState(false);
  const [withdrawing, setWithdrawing] = useState<MonitoringConsent>();
  const current = consent.data?.current ?? null;
  const date = (value: string) => formatDate(value, i18n.language);
  const given = (each: MonitoringConsent) => {
    const recordedOn = recordedLater(each);
    return {
      date: date(each.givenOn),
      method: t(`monitoringBilling.consent.methods.${each.method}`),
      name: each.recordedBy,
      ...(recordedOn && { recordedOn: date(recordedOn) }),
    };
  };
  const stateText = (each: MonitoringConsent) =>
    recordedLater(each)
      ? t('monitoringBilling.consent.inForceRecordedLater', given(each))
      : t('monitoringBilling.consent.inForce', given(each));
  const historyText = (each: MonitoringConsent) => {
    const later = recordedLater(each) !== undefined;
    if (each.withdrawnOn === null)
      return later
        ? t('monitoringBilling.consent.historyInForceRecordedLater', given(each))
        : t('monitoringBilling.consent.historyInForce', given(each));
    const withdrawal = { ...given(each), withdrawnOn: date(each.withdrawnOn), withdrawnBy: each.withdrawnBy };
    return later
      ? t('monitoringBilling.consent.historyWithdrawnRecordedLater', withdrawal)
      : t('monitoringBilling.consent.historyWithdrawn', withdrawal);
  };
  return (
    <Stack gap="xs" component="section" aria-labelledby="monitoring-consent-heading">
      <Title order={4} id="monitoring-consent-heading">
        {t('monitoringBilling.consent.title')}
      </Title>
      {consent.isError && <Alert color="red">{t('common.loadFailed')}</Alert>}
      {consent.isPending && <Loader size="sm" role="status" aria-label={t('common.loading')} />}
      {consent.data && (
        <>
          <Text size="sm">{current ? stateText(current) : t('monitoringBilling.consent.none')}</Text>
          <Group gap="sm">
            {current ? (
              <Button variant="default" color="red" onClick={() => setWithdrawing(current)}>
                {t('monitoringBilling.consent.withdraw')}
              </Button>
            ) : (
              <Button variant="default" onClick={() => setRecording(true)}>
                {t('monitoringBilling.consent.record')}
              </Button>
            )}
          </Group>
          {consent.data.history.some((each) => each.withdrawnOn !== null) && (
            <>
              <Text size="sm" fw={500} id="monitoring-consent-history">
                {t('monitoringBilling.consent.history')}
              </Text>
              <List size="sm" aria-labelledby="monitoring-consent-history">
                {consent.data.history.map((each) => (
                  <List.Item key={each.seqMonitoringConsent}>{historyText(each)}</List.Item>
                ))}
              </List>
            </>
          )}
        </>
      )}
      <RecordDialog seqMedicalRelation={seqMedicalRelation} opened={recording} onClose={() => setRecording(false)} />
      <WithdrawDialog
        key={withdrawing?.seqMonitoringConsent}
        seqMedicalRelation={seqMedicalRelation}
        consent={withdrawing}
        onClose={() => setWithdrawing(undefined)}
      />
    </Stack>
  );
}
