import { useContractForm } from '@clinic/client/contract-form';
import type { FieldErrors } from '@clinic/client/form-state';
import { browserTimeZone } from '@clinic/client/time-zone';
import {
  createSchedule,
  durationMinutes,
  minutesToClock,
  scheduleRules,
  scheduleStateOf,
  startSlotMinutes,
  updateNotStartedYetSchedule,
  wallClockIn,
  type ReplyOf,
  type RequestOf,
  type Schedule,
  type ScheduleDuration,
} from '@clinic/contract';
import { Alert, Button, Group, Modal, Select, SimpleGrid, Stack, Text, type ComboboxItem } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useMemo, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@clinic/client/api-error';
import { dateDisplayFormat, formatDate, formatDateTime } from '../../../shared/dates/date-format.ts';
import { SelectField } from '../../../shared/forms/select-field.tsx';
import { TextareaField } from '../../../shared/forms/textarea-field.tsx';
import { useMessage } from '../../../shared/i18n/use-message.ts';
import { showSuccess } from '../../../shared/notices/banners.ts';
import { ConfirmModal } from '../../../shared/ui/confirm-modal.tsx';
import { useCancelSchedule } from '../api/cancel-schedule.ts';
import { useCreateSchedule } from '../api/create-schedule.ts';
import { useSchedulePatients } from '../api/get-schedule-patients.ts';
import { useSaveScheduleNote } from '../../../shared/api/save-schedule-note.ts';
import { useUpdateSchedule } from '../api/update-schedule.ts';
import { measuredLength, startDatetimeOf } from '../calendar.ts';
import { canStartVisit, StatusBadge, useScheduleText } from './schedule-status.tsx';
import { VisitSymptoms } from './visit-symptoms.tsx';
import { useReturnFocus } from '../../../shared/ui/use-return-focus.ts';

/** What the schedule calendar modal opens on: a new visit (with a slot and maybe a patient) or a visit. */
export type ScheduleModalTarget =
  | { kind: 'new'; date: string; minute: number; seqMedicalRelation?: number | undefined }
  | { kind: 'existing'; schedule: Schedule };

interface FormValues {
  patient: string;
  date: string;
  minute: string;
  duration: ScheduleDuration;
  note: string;
}

type ScheduleRequest = RequestOf<typeof createSchedule> | RequestOf<typeof updateNotStartedYetSchedule>;
type ScheduleReply = ReplyOf<typeof createSchedule> | ReplyOf<typeof updateNotStartedYetSchedule>;

/** The form fields that show the errors of the request's fields. */
const fieldNames = {
  seqMedicalRelation: 'patient',
  scheduleExpectStartDatetime: 'minute',
  scheduleExpectProgressTime: 'duration',
  scheduleNote: 'note',
} as const;

function initialValues(target: ScheduleModalTarget, timeZone: string): FormValues {
  if (target.kind === 'new') {
    return {
      patient: target.seqMedicalRelation ? String(target.seqMedicalRelation) : '',
      date: target.date,
      minute: String(target.minute),
      duration: '00:30:00',
      note: '',
    };
  }
  const { schedule } = target;
  const start = wallClockIn(new Date(schedule.scheduleExpectStartDatetime), timeZone);
  return {
    patient: String(schedule.seqMedicalRelation),
    date: start.date,
    minute: String(start.minute),
    duration: schedule.scheduleExpectProgressTime,
    note: schedule.scheduleNote ?? '',
  };
}

/** SPEC 2 "schedule calendar" modal: books a visit, changes or cancels a waiting one, or shows a visit. */
export function ScheduleModal({
  target,
  onClose,
  onStartVisit,
  today,
  timeZone,
}: {
  target: ScheduleModalTarget;
  onClose: () => void;
  /** Opens the video visit; offered for today's waiting and running visits. */
  onStartVisit?: ((schedule: Schedule) => void) | undefined;
  today?: string | undefined;
  timeZone?: string | undefined;
}): ReactElement {
  const { t } = useTranslation();
  useReturnFocus();
  const existing = target.kind === 'existing' ? target.schedule : undefined;
  const editable = !existing || scheduleStateOf(existing.scheduleStatus) === 'waiting';
  const startable =
    existing !== undefined &&
    onStartVisit !== undefined &&
    canStartVisit(scheduleStateOf(existing.scheduleStatus)) &&
    wallClockIn(new Date(existing.scheduleExpectStartDatetime), timeZone ?? browserTimeZone()).date ===
      (today ?? wallClockIn(new Date(), timeZone ?? browserTimeZone()).date);
  const title = !existing
    ? t('schedule.modal.createTitle')
    : editable
      ? t('schedule.modal.editTitle')
      : t('schedule.modal.detailsTitle');
  return (
    <Modal opened onClose={onClose} title={title} size="lg">
      {startable && existing && (
        <Group justify="flex-end" mb="sm">
          <Button
            onClick={() => {
              onStartVisit?.(existing);
              onClose();
            }}
            aria-label={t('videoCall.startVisitOf', { name: existing.patientName })}
          >
            {t('videoCall.startVisit')}
          </Button>
        </Group>
      )}
      {existing && !editable ? (
        <ScheduleDetails schedule={existing} onClose={onClose} />
      ) : (
        <ScheduleForm target={target} title={title} onClose={onClose} />
      )}
    </Modal>
  );
}

function ScheduleForm({
  target,
  title,
  onClose,
}: {
  target: ScheduleModalTarget;
  title: string;
  onClose: () => void;
}): ReactElement {
  const { t, i18n } = useTranslation();
  const message = useMessage();
  const text = useScheduleText();
  const timeZone = browserTimeZone();
  const existing = target.kind === 'existing' ? target.schedule : undefined;
  const [confirming, setConfirming] = useState(false);
  const patients = useSchedulePatients();
  const create = useCreateSchedule();
  const update = useUpdateSchedule();
  const cancel = useCancelSchedule();
  const [initial] = useState(() => initialValues(target, timeZone));
  const form = useContractForm<FormValues, ScheduleRequest, ScheduleReply>({
    initialValues: initial,
    schema: existing ? updateNotStartedYetSchedule.request : createSchedule.request,
    toRequest: (values) => ({
      ...(existing ? { seqSchedule: existing.seqSchedule } : { seqMedicalRelation: Number(values.patient) }),
      scheduleExpectStartDatetime: values.date && startDatetimeOf(values.date, Number(values.minute), timeZone),
      scheduleExpectProgressTime: values.duration,
      scheduleNote: values.note === '' ? null : values.note,
    }),
    fieldNames,
    validate: (values, errors) => {
      const missing: FieldErrors<keyof FormValues> = {};
      if (!values.patient) missing.patient = 'validation.required';
      if (!values.date) missing.date = 'validation.required';
      return Object.keys(missing).length > 0 ? missing : errors;
    },
    send: (request) => ('seqSchedule' in request ? update.mutateAsync(request) : create.mutateAsync(request)),
    onReply: (reply, form) => {
      if (!reply.isSuccess) {
        form.setFailure(reply.failedCode);
        return;
      }
      showSuccess(existing ? t('schedule.updated') : t('schedule.created'));
      onClose();
    },
    // An HTTP failure that names its failedCode is shown above the fields as well as in the banner.
    onError: (error, form) => {
      if (isApiError(error) && error.failedCode) form.setFailure(error.failedCode);
    },
  });
  const { values, errors, failure, setFailure } = form;
  const language = i18n.language;
  const format = dateDisplayFormat(language);
  const today = wallClockIn(new Date(), timeZone).date;

  const patientOptions = useMemo(() => {
    const list: ComboboxItem[] = (patients.data ?? []).map((patient) => ({
      value: String(patient.seqMedicalRelation),
      label: patient.isAppMember ? patient.patientName : `${patient.patientName} (${t('schedule.notAppMember')})`,
      // Visits are held in the patient's app: one without it is shown but cannot be chosen.
      disabled: !patient.isAppMember,
    }));
    // A visit of a patient since deactivated still shows whose it is.
    if (existing && !list.some((option) => option.value === values.patient)) {
      list.unshift({ value: values.patient, label: existing.patientName });
    }
    return list;
  }, [patients.data, values.patient, existing, t]);

  const set = <K extends keyof FormValues>(key: K, value: FormValues[K]): void => {
    form.setValue(key, value);
    setFailure(undefined);
  };

  const confirmCancel = async (): Promise<void> => {
    if (!existing) return;
    try {
      const reply = await cancel.mutateAsync(existing.seqSchedule);
      setConfirming(false);
      if (!reply.isSuccess) {
        setFailure(reply.failedCode);
        return;
      }
      showSuccess(t('schedule.cancelled'));
      onClose();
    } catch {
      setConfirming(false);
    }
  };

  return (
    <form noValidate onSubmit={form.onSubmit} aria-label={title}>
      <Stack gap="sm">
        {failure && (
          <Alert color="red" role="alert">
            {message(failure)}
          </Alert>
        )}
        {existing ? (
          <Group justify="space-between">
            <div>
              <Text size="xs" c="dimmed">
                {t('schedule.fields.patient')}
              </Text>
              <Text fw={600}>{existing.patientName}</Text>
            </div>
            <StatusBadge state="waiting" />
          </Group>
        ) : (
          <Select
            label={t('schedule.fields.patient')}
            placeholder={t('schedule.fields.patientPlaceholder')}
            data={patientOptions}
            value={values.patient || null}
            onChange={(value) => set('patient', value ?? '')}
            searchable
            nothingFoundMessage={t('fields.nothingFound')}
            error={message(errors.patient)}
            comboboxProps={{ withinPortal: true }}
          />
        )}
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <DatePickerInput
            label={t('schedule.fields.date')}
            value={values.date || null}
            onChange={(value) => set('date', value ?? '')}
            valueFormat={format}
            placeholder={format}
            firstDayOfWeek={1}
            locale={language === 'zh-HK' ? 'zh-hk' : language}
            minDate={today}
            error={message(errors.date)}
            popoverProps={{ withinPortal: true }}
            nextLabel={t('fields.nextMonth')}
            previousLabel={t('fields.previousMonth')}
          />
          <SelectField
            label={t('schedule.fields.start')}
            allowEmpty={false}
            value={values.minute}
            onChange={(value) => set('minute', value)}
            options={startSlotMinutes.map((minute) => ({ value: String(minute), label: minutesToClock(minute) }))}
            error={errors.minute}
          />
          <SelectField
            label={t('schedule.fields.duration')}
            allowEmpty={false}
            value={values.duration}
            onChange={(value) => set('duration', value as ScheduleDuration)}
            options={scheduleRules.durations.map((duration) => ({ value: duration, label: text.duration(duration) }))}
            error={errors.duration}
          />
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          {t('schedule.timeZoneHint', { timeZone })}
        </Text>
        <TextareaField
          label={t('schedule.fields.note')}
          value={values.note}
          onChange={(value) => set('note', value)}
          maxLength={scheduleRules.noteMax}
          error={errors.note}
        />
        {existing && <VisitSymptoms schedule={existing} />}
        <Group justify="space-between" mt="sm">
          {existing ? (
            <Button color="red" variant="light" onClick={() => setConfirming(true)}>
              {t('schedule.cancelVisit')}
            </Button>
          ) : (
            <span />
          )}
          <Group gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('common.close')}
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {existing ? t('schedule.save') : t('schedule.create')}
            </Button>
          </Group>
        </Group>
      </Stack>
      {existing && (
        <ConfirmModal
          opened={confirming}
          title={t('schedule.cancelConfirmTitle')}
          body={t('schedule.cancelConfirmBody', {
            name: existing.patientName,
            datetime: `${formatDate(values.date, language)} ${minutesToClock(Number(values.minute))}`,
          })}
          loading={cancel.isPending}
          onConfirm={() => void confirmCancel()}
          onClose={() => setConfirming(false)}
        />
      )}
    </form>
  );
}

/** A visit that can no longer change: its status, times, measured length and note (the note can be kept). */
function ScheduleDetails({ schedule, onClose }: { schedule: Schedule; onClose: () => void }): ReactElement {
  const { t, i18n } = useTranslation();
  const text = useScheduleText();
  const state = scheduleStateOf(schedule.scheduleStatus);
  const timeZone = browserTimeZone();
  const language = i18n.language;
  const start = wallClockIn(new Date(schedule.scheduleExpectStartDatetime), timeZone);
  const measured = measuredLength(schedule.scheduleProgressTime);
  const noteEditable = state === 'completed' || state === 'inProgress';
  const [note, setNote] = useState(schedule.scheduleNote ?? '');
  const saveNote = useSaveScheduleNote();

  const save = async (): Promise<void> => {
    try {
      await saveNote.mutateAsync({ seqSchedule: schedule.seqSchedule, scheduleNote: note });
      showSuccess(t('schedule.noteSaved'));
    } catch {
      // the banner told
    }
  };

  const row = (label: string, value: string | ReactElement): ReactElement => (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed" w={160}>
        {label}
      </Text>
      {typeof value === 'string' ? <Text size="sm">{value}</Text> : value}
    </Group>
  );

  return (
    <Stack gap="xs">
      {row(t('schedule.fields.patient'), schedule.patientName)}
      {row(t('schedule.fields.status'), <StatusBadge state={state} />)}
      {row(
        t('schedule.fields.when'),
        `${formatDate(start.date, language)} ${minutesToClock(start.minute)}–${minutesToClock(
          start.minute + durationMinutes(schedule.scheduleExpectProgressTime),
        )}`,
      )}
      {row(t('schedule.fields.duration'), text.duration(schedule.scheduleExpectProgressTime))}
      {schedule.scheduleStartDatetime &&
        row(t('schedule.fields.startedAt'), formatDateTime(schedule.scheduleStartDatetime, language))}
      {row(t('schedule.fields.measured'), measured ? t('schedule.measuredValue', measured) : t('schedule.notMeasured'))}
      {row(t('schedule.fields.bookedBy'), t(`schedule.bookedBy.${schedule.bookedBy}`))}
      <VisitSymptoms schedule={schedule} />
      {noteEditable ? (
        <>
          <TextareaField
            label={t('schedule.fields.note')}
            value={note}
            onChange={setNote}
            maxLength={scheduleRules.noteMax}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.close')}
            </Button>
            <Button loading={saveNote.isPending} onClick={() => void save()}>
              {t('schedule.saveNote')}
            </Button>
          </Group>
        </>
      ) : (
        <>
          {row(
            t('schedule.fields.note'),
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {schedule.scheduleNote || t('schedule.noNote')}
            </Text>,
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.close')}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
