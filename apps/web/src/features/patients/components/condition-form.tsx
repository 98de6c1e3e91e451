import { useContractForm } from '@clinic/client/contract-form';
import { conditionFields, rules } from '@clinic/contract';
import { Alert, Button, Group, Modal, SimpleGrid, Stack } from '@mantine/core';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../shared/forms/date-field.tsx';
import { NumberField } from '../../../shared/forms/number-field.tsx';
import { RadioField } from '../../../shared/forms/radio-field.tsx';
import { SelectField } from '../../../shared/forms/select-field.tsx';
import { TextField } from '../../../shared/forms/text-field.tsx';
import { TextareaField } from '../../../shared/forms/textarea-field.tsx';
import { useMessage } from '../../../shared/i18n/use-message.ts';
import { showSuccess } from '../../../shared/notices/banners.ts';
import { useAppendStatus } from '../api/patient-status.ts';
import { conditionOptions } from '../condition-labels.ts';

interface Values {
  primaryDiagnosis: string;
  secondaryDiagnosis: string;
  onsetDate: string;
  onsetKind: string;
  onsetPeriod: string;
  durationMonths: number | '';
  brainLesion: string;
  paralysisPart: string;
  paralysisPosition: string;
  joint: string;
  infection: string;
  medication: string;
  dose: string;
  mmt: string;
  mrs: string;
  chiefComplaint: string;
}

const empty: Values = {
  primaryDiagnosis: '',
  secondaryDiagnosis: '',
  onsetDate: '',
  onsetKind: '',
  onsetPeriod: '',
  durationMonths: '',
  brainLesion: '',
  paralysisPart: '',
  paralysisPosition: '',
  joint: '',
  infection: '',
  medication: '',
  dose: '',
  mmt: '',
  mrs: '',
  chiefComplaint: '',
};

/** The request's status object: empty items are left out; numbers travel as numbers. */
export function statusOf(values: Values): Record<string, unknown> {
  const text = (value: string): string | undefined => (value.trim() === '' ? undefined : value);
  const number = (value: string): number | undefined => (value === '' ? undefined : Number(value));
  return {
    primaryDiagnosis: text(values.primaryDiagnosis),
    secondaryDiagnosis: text(values.secondaryDiagnosis),
    onsetDate: text(values.onsetDate),
    onsetKind: text(values.onsetKind),
    onsetPeriod: text(values.onsetPeriod),
    durationMonths: values.durationMonths === '' ? undefined : values.durationMonths,
    brainLesion: number(values.brainLesion),
    paralysisPart: text(values.paralysisPart),
    paralysisPosition: text(values.paralysisPosition),
    joint: number(values.joint),
    infection: number(values.infection),
    medication: text(values.medication),
    dose: text(values.dose),
    mmt: text(values.mmt),
    mrs: text(values.mrs),
    chiefComplaint: text(values.chiefComplaint),
  };
}

/** Adds a dated condition entry with every item of SPEC 3 "Patient condition"; all are optional but one. */
export function ConditionForm({
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
  const append = useAppendStatus(seqMedicalRelation);
  const options = conditionOptions(t);
  const form = useContractForm({
    initialValues: empty,
    schema: conditionFields,
    toRequest: statusOf,
    send: (status) => append.mutateAsync({ seqMedicalRelation, status }),
    onReply: (_reply, form) => {
      showSuccess(t('condition.added'));
      form.reset();
      onClose();
    },
  });
  const { values, errors, setValue: set } = form;
  const formError = errors[''];

  const close = (): void => {
    form.reset();
    onClose();
  };

  const select = (key: keyof typeof options & keyof Values) => (
    <SelectField
      label={t(`condition.fields.${key}`)}
      options={options[key]}
      value={String(values[key])}
      onChange={(value) => set(key, value)}
      error={errors[key]}
    />
  );

  return (
    <Modal opened={opened} onClose={close} title={t('condition.addTitle')} size="xl">
      <form noValidate onSubmit={form.onSubmit} aria-label={t('condition.addTitle')}>
        <Stack gap="sm">
          {formError && (
            <Alert color="red" role="alert">
              {message(formError)}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextField
              label={t('condition.fields.primaryDiagnosis')}
              value={values.primaryDiagnosis}
              onChange={(value) => set('primaryDiagnosis', value)}
              maxLength={rules.diagnosisMax}
              error={errors.primaryDiagnosis}
              data-autofocus
            />
            <TextField
              label={t('condition.fields.secondaryDiagnosis')}
              value={values.secondaryDiagnosis}
              onChange={(value) => set('secondaryDiagnosis', value)}
              maxLength={rules.diagnosisMax}
              error={errors.secondaryDiagnosis}
            />
            <DateField
              label={t('condition.fields.onsetDate')}
              value={values.onsetDate}
              onChange={(value) => set('onsetDate', value)}
              error={errors.onsetDate}
              notInFuture
            />
            {select('onsetKind')}
            {select('onsetPeriod')}
            <NumberField
              label={t('condition.fields.durationMonths')}
              value={values.durationMonths}
              onChange={(value) => set('durationMonths', value)}
              min={0}
              max={1200}
              error={errors.durationMonths}
            />
            {select('brainLesion')}
            {select('paralysisPart')}
            {select('paralysisPosition')}
            {select('joint')}
            <RadioField
              label={t('condition.fields.infection')}
              options={[...options.infection, { value: '', label: t('fields.notSelected') }]}
              value={values.infection}
              onChange={(value) => set('infection', value)}
              error={errors.infection}
            />
            <TextField
              label={t('condition.fields.dose')}
              value={values.dose}
              onChange={(value) => set('dose', value)}
              maxLength={rules.diagnosisMax}
              error={errors.dose}
            />
            {select('mmt')}
            {select('mrs')}
          </SimpleGrid>
          <TextareaField
            label={t('condition.fields.medication')}
            value={values.medication}
            onChange={(value) => set('medication', value)}
            maxLength={rules.conditionTextMax}
            minRows={2}
            error={errors.medication}
          />
          <TextareaField
            label={t('condition.fields.chiefComplaint')}
            value={values.chiefComplaint}
            onChange={(value) => set('chiefComplaint', value)}
            maxLength={rules.conditionTextMax}
            minRows={2}
            error={errors.chiefComplaint}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={append.isPending}>
              {t('condition.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
