import { useContractForm } from '@clinic/client/contract-form';
import {
  addQuestionnaireSchedule,
  questionnaireScheduleRules,
  type InstrumentSummary,
  type Language,
} from '@clinic/contract';
import { Alert, Button, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { todayIso } from '../../../shared/dates/date-format.ts';
import { DateField } from '../../../shared/forms/date-field.tsx';
import { withFieldNames } from '../../../shared/forms/field-names.ts';
import { NumberField } from '../../../shared/forms/number-field.tsx';
import { RadioField } from '../../../shared/forms/radio-field.tsx';
import { SelectField } from '../../../shared/forms/select-field.tsx';
import { TextField } from '../../../shared/forms/text-field.tsx';
import { useMessage } from '../../../shared/i18n/use-message.ts';
import { LoadFailed } from '../../../shared/ui/load-failed.tsx';
import { useInstruments, useScheduleChanges } from '../api/questionnaires.ts';
import { instrumentKey, instrumentOf } from '../model.ts';

const cadenceKinds = ['once', 'repeat', 'beforeVisit'] as const;

interface SendValues {
  instrument: string;
  kind: (typeof cadenceKinds)[number];
  every: number | '';
  unit: 'days' | 'weeks';
  startDate: string;
  time: string;
  ends: 'date' | 'times';
  endDate: string;
  times: number | '';
  hoursBefore: number | '';
}

/** The cadence the values stand for: only the fields of the chosen kind, and of the chosen end. */
function cadenceOf(values: SendValues): unknown {
  switch (values.kind) {
    case 'once':
      return { kind: 'once' };
    case 'beforeVisit':
      return { kind: 'beforeVisit', hoursBefore: values.hoursBefore };
    case 'repeat': {
      const { every, unit, startDate, time, ends, endDate, times } = values;
      return { kind: 'repeat', every, unit, startDate, time, ...(ends === 'date' ? { endDate } : { times }) };
    }
  }
}

/** A cadence's issue shows at its own field (`cadence.every` at every), the union's at the kind. */
const sendSchema = withFieldNames(addQuestionnaireSchedule.request, (path) =>
  path[0] === 'cadence' ? String(path[1] ?? 'kind') : String(path[0] ?? ''),
);

/** The languages an instrument's text is in, and a warning when the patient reads none of them. */
function InstrumentLanguages({
  instrument,
  patientLanguage,
}: {
  instrument: InstrumentSummary;
  patientLanguage: Language | undefined;
}): ReactElement {
  const { t } = useTranslation();
  const names = instrument.languages.map((language) => t(`language.names.${language}`)).join(', ');
  const missing = patientLanguage !== undefined && !instrument.languages.includes(patientLanguage);
  return (
    <Stack gap={4}>
      <Text size="sm" data-testid="instrument-languages">
        {t('questionnaires.send.languages', { languages: names })}
      </Text>
      {missing && (
        <Alert color="yellow" role="status">
          {t('questionnaires.send.languageWarning', {
            language: t(`language.names.${patientLanguage}`),
            languages: names,
          })}
        </Alert>
      )}
    </Stack>
  );
}

/**
 * "Send a questionnaire": an instrument (shipped or the clinician's own, with the languages of its
 * text), then now, every N days or weeks from a start date until an end date or a number of times,
 * or before each visit.
 */
export function SendDialog({
  seqMedicalRelation,
  patientLanguage,
  initialInstrument,
  onClose,
}: {
  seqMedicalRelation: number;
  /** The patient's language, when known: an instrument without a text in it is warned of. */
  patientLanguage: Language | undefined;
  /** The instrument chosen when the dialog opens (a questionnaire just created). */
  initialInstrument?: string;
  onClose: () => void;
}): ReactElement {
  const { t } = useTranslation();
  const message = useMessage();
  const instruments = useInstruments();
  const { add } = useScheduleChanges(seqMedicalRelation);
  const [initialValues] = useState<SendValues>(() => ({
    instrument: initialInstrument ?? '',
    kind: 'once',
    every: 2,
    unit: 'weeks',
    startDate: todayIso(),
    time: '09:00',
    ends: 'times',
    endDate: '',
    times: 6,
    hoursBefore: 24,
  }));
  const form = useContractForm({
    initialValues,
    schema: sendSchema,
    toRequest: (values: SendValues) => ({
      seqMedicalRelation,
      instrument: instrumentOf(values.instrument),
      cadence: cadenceOf(values),
    }),
    // No instrument chosen is a field left empty, not a wrong value.
    validate: (values, errors) =>
      values.instrument === '' ? { ...errors, instrument: 'validation.required' } : errors,
    send: (request) => add.mutateAsync(request),
    onReply: (reply, form) => {
      if (!reply.isSuccess) return form.setFailure(reply.failedCode);
      onClose();
    },
  });
  const { values, errors, setValue } = form;
  const chosen = instruments.data?.instrumentList.find(
    (instrument) => instrumentKey(instrument.instrument) === values.instrument,
  );
  return (
    <Modal opened onClose={onClose} title={t('questionnaires.send.title')} size="lg">
      <form noValidate onSubmit={form.onSubmit}>
        <Stack gap="md">
          {form.failure && (
            <Alert color="red" role="alert">
              {message(form.failure)}
            </Alert>
          )}
          {instruments.isError && <LoadFailed onRetry={() => void instruments.refetch()} />}
          <SelectField
            label={t('questionnaires.send.instrument')}
            value={values.instrument}
            onChange={(value) => setValue('instrument', value)}
            placeholder={t('questionnaires.send.chooseInstrument')}
            options={(instruments.data?.instrumentList ?? []).map((instrument) => ({
              value: instrumentKey(instrument.instrument),
              label:
                instrument.instrument.kind === 'custom'
                  ? t('questionnaires.send.customInstrument', { title: instrument.title })
                  : instrument.title,
            }))}
            error={errors.instrument}
            required
          />
          {chosen && <InstrumentLanguages instrument={chosen} patientLanguage={patientLanguage} />}
          <RadioField
            label={t('questionnaires.send.when')}
            value={values.kind}
            onChange={(value) => setValue('kind', value as SendValues['kind'])}
            options={cadenceKinds.map((kind) => ({ value: kind, label: t(`questionnaires.send.kinds.${kind}`) }))}
            error={errors.kind}
          />
          {values.kind === 'repeat' && (
            <>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <NumberField
                  label={t('questionnaires.send.every')}
                  value={values.every}
                  min={1}
                  max={questionnaireScheduleRules.everyMax}
                  onChange={(value) => setValue('every', value)}
                  error={errors.every}
                />
                <SelectField
                  label={t('questionnaires.send.unit')}
                  allowEmpty={false}
                  value={values.unit}
                  onChange={(value) => setValue('unit', value as SendValues['unit'])}
                  options={(['days', 'weeks'] as const).map((unit) => ({
                    value: unit,
                    label: t(`questionnaires.send.units.${unit}`),
                  }))}
                  error={errors.unit}
                />
                <DateField
                  label={t('questionnaires.send.startDate')}
                  value={values.startDate}
                  onChange={(value) => setValue('startDate', value)}
                  minDate={todayIso()}
                  error={errors.startDate}
                  required
                />
                <TextField
                  type="time"
                  label={t('questionnaires.send.time')}
                  value={values.time}
                  onChange={(value) => setValue('time', value)}
                  error={errors.time}
                  required
                />
              </SimpleGrid>
              <RadioField
                label={t('questionnaires.send.ends')}
                value={values.ends}
                onChange={(value) => setValue('ends', value as SendValues['ends'])}
                options={(['times', 'date'] as const).map((end) => ({
                  value: end,
                  label: t(`questionnaires.send.endKinds.${end}`),
                }))}
              />
              {values.ends === 'times' ? (
                <NumberField
                  label={t('questionnaires.send.times')}
                  value={values.times}
                  min={1}
                  max={questionnaireScheduleRules.occurrencesMax}
                  onChange={(value) => setValue('times', value)}
                  error={errors.times}
                />
              ) : (
                <DateField
                  label={t('questionnaires.send.endDate')}
                  value={values.endDate}
                  onChange={(value) => setValue('endDate', value)}
                  minDate={values.startDate || todayIso()}
                  error={errors.endDate}
                  required
                />
              )}
            </>
          )}
          {values.kind === 'beforeVisit' && (
            <NumberField
              label={t('questionnaires.send.hoursBefore')}
              description={t('questionnaires.send.hoursBeforeHint')}
              value={values.hoursBefore}
              min={0}
              max={questionnaireScheduleRules.hoursBeforeMax}
              onChange={(value) => setValue('hoursBefore', value)}
              error={errors.hoursBefore}
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={add.isPending}>
              {t('questionnaires.send.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
