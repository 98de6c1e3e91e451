import { useContractForm } from '@clinic/client/contract-form';
import {
  applicableFields,
  exerciseLimits,
  exerciseModes,
  exerciseSettings,
  levelDegrees,
  methodRange,
  romRanges,
  type DeviceType,
  type Exercise,
  type ExerciseField,
} from '@clinic/contract';
import { Alert, Button, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { todayIso } from '../../../shared/dates/date-format.ts';
import { DateField } from '../../../shared/forms/date-field.tsx';
import { NumberField } from '../../../shared/forms/number-field.tsx';
import { RadioField } from '../../../shared/forms/radio-field.tsx';
import { SelectField } from '../../../shared/forms/select-field.tsx';
import { TextareaField } from '../../../shared/forms/textarea-field.tsx';
import { useMessage } from '../../../shared/i18n/use-message.ts';
import { showSuccess } from '../../../shared/notices/banners.ts';
import { useSaveExercise } from '../api/save-exercise.ts';
import { initialValues, jointsOf, settingsOf, type ExerciseFormValues } from './exercise-settings.ts';
import { useExerciseText } from './use-exercise-text.ts';
import { useReturnFocus } from '../../../shared/ui/use-return-focus.ts';

/** Prescribes or changes an exercise; shows only the settings of the device, mode and joint. */
export function ExerciseForm({
  seqMedicalRelation,
  deviceType,
  exercise,
  onClose,
}: {
  seqMedicalRelation: number;
  /** The patient's device; not editable here. */
  deviceType: DeviceType;
  exercise: Exercise | null;
  onClose: () => void;
}): ReactElement {
  const { t } = useTranslation();
  useReturnFocus();
  const text = useExerciseText();
  const message = useMessage();
  const save = useSaveExercise();
  const [initial] = useState(() => initialValues(deviceType, exercise));
  const form = useContractForm({
    initialValues: initial,
    schema: exerciseSettings,
    toRequest: (values) => settingsOf(deviceType, values),
    send: (settings) =>
      save.mutateAsync({ seqMedicalRelation, seqExercise: exercise?.seqExercise, exercise: settings }),
    // A refused setting comes back as a 400 with its field (exercise.maxRom); the banner said the rest.
    replyFieldsUnder: 'exercise',
    onReply: (reply, form) => {
      if (!reply.isSuccess) {
        form.setFailure(reply.failedCode);
        return;
      }
      showSuccess(exercise ? t('exercises.updated') : t('exercises.added'));
      onClose();
    },
  });
  const { values, errors, failure, setValue: set } = form;
  const heading = exercise ? t('exercises.editTitle') : t('exercises.addTitle');
  const applies = new Set(applicableFields(deviceType, values.mode, values.position));
  const range = romRanges[deviceType][values.position as 3];
  const [methodLow, methodHigh] = methodRange(values.position);

  const changePosition = (position: number): void => {
    const next = romRanges[deviceType][position as 3];
    set('position', position);
    set('method', methodRange(position)[0]);
    if (next) {
      set('minRom', next.min[0]);
      set('maxRom', next.max[1]);
    }
    form.setErrors({});
  };

  const number = (
    key:
      | (keyof ExerciseFormValues & ExerciseField)
      | 'strength'
      | 'frequency'
      | 'sets'
      | 'countPerSet'
      | 'timePerSetMinutes'
      | 'guideMinutes',
    label: string,
    limitsOf: readonly [number, number],
    unit?: string,
  ): ReactElement => (
    <NumberField
      key={key}
      label={label}
      value={values[key]}
      onChange={(value) => set(key, value)}
      min={limitsOf[0]}
      max={limitsOf[1]}
      unit={unit}
      error={errors[key]}
      description={t('exercises.allowed', { min: limitsOf[0], max: limitsOf[1] })}
      required
    />
  );

  const seconds = t('exercises.units.seconds');
  return (
    <Modal opened onClose={onClose} title={heading} size="xl">
      <form noValidate onSubmit={form.onSubmit} aria-label={heading}>
        <Stack gap="sm">
          {failure && <Alert color="red">{message(failure)}</Alert>}
          <Text size="sm">
            {t('exercises.fields.device')}:{' '}
            {deviceType === 2 ? t('exercises.devices.pro') : t('exercises.devices.home')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <SelectField
              label={t('exercises.fields.mode')}
              allowEmpty={false}
              value={String(values.mode)}
              onChange={(value) => set('mode', Number(value))}
              options={exerciseModes.map((mode) => ({ value: String(mode), label: text.mode(mode) }))}
              error={errors.mode}
            />
            <SelectField
              label={t('exercises.fields.position')}
              allowEmpty={false}
              value={String(values.position)}
              onChange={(value) => changePosition(Number(value))}
              options={jointsOf(deviceType).map((position) => ({
                value: String(position),
                label: text.position(position),
              }))}
              error={errors.position}
            />
            <SelectField
              label={t('exercises.fields.direction')}
              allowEmpty={false}
              value={String(values.direction)}
              onChange={(value) => set('direction', Number(value))}
              options={[1, 2].map((direction) => ({ value: String(direction), label: text.direction(direction) }))}
              error={errors.direction}
            />
            {applies.has('method') && (
              <SelectField
                label={t('exercises.fields.method')}
                allowEmpty={false}
                value={String(values.method)}
                onChange={(value) => set('method', Number(value))}
                options={Array.from({ length: methodHigh - methodLow + 1 }, (_, index) => methodLow + index)
                  .filter((method) => methodLow === 1 || levelDegrees[method] !== undefined)
                  .map((method) => ({ value: String(method), label: text.method(values.position, method) }))}
                error={errors.method}
              />
            )}
            {number('strength', t('exercises.fields.strength'), exerciseLimits.strength)}
            {number('frequency', t('exercises.fields.frequency'), exerciseLimits.frequency)}
          </SimpleGrid>
          <RadioField
            label={t('exercises.fields.perSet')}
            value={values.byTime ? 'time' : 'count'}
            onChange={(value) => {
              set('byTime', value === 'time');
              form.clearErrors('countPerSet', 'timePerSetMinutes');
            }}
            options={[
              { value: 'count', label: t('exercises.fields.byCount') },
              { value: 'time', label: t('exercises.fields.byTime') },
            ]}
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {values.byTime
              ? number(
                  'timePerSetMinutes',
                  t('exercises.fields.timePerSet'),
                  exerciseLimits.timeMinutes,
                  t('exercises.units.minutes'),
                )
              : number('countPerSet', t('exercises.fields.countPerSet'), exerciseLimits.count)}
            {number('sets', t('exercises.fields.sets'), exerciseLimits.sets)}
            <DateField
              label={t('exercises.fields.dueDate')}
              value={values.dueDate}
              onChange={(value) => set('dueDate', value)}
              minDate={todayIso()}
              error={errors.dueDate}
              required
            />
            <NumberField
              label={t('exercises.fields.minRom')}
              value={values.minRom}
              onChange={(value) => set('minRom', value)}
              min={-90}
              max={180}
              unit="°"
              error={errors.minRom}
              description={range ? t('exercises.allowedDegrees', { min: range.min[0], max: range.min[1] }) : undefined}
              required
            />
            <NumberField
              label={t('exercises.fields.maxRom')}
              value={values.maxRom}
              onChange={(value) => set('maxRom', value)}
              min={-90}
              max={180}
              unit="°"
              error={errors.maxRom}
              description={range ? t('exercises.allowedDegrees', { min: range.max[0], max: range.max[1] }) : undefined}
              required
            />
            {applies.has('speed') && number('speed', t('exercises.fields.speed'), exerciseLimits.speed)}
            {applies.has('assistance') &&
              number('assistance', t('exercises.fields.assistance'), exerciseLimits.assistance)}
            {applies.has('resistanceSensitivity') &&
              number(
                'resistanceSensitivity',
                t('exercises.fields.resistanceSensitivity'),
                exerciseLimits.resistanceSensitivity,
              )}
            {applies.has('deviceHeight') &&
              number('deviceHeight', t('exercises.fields.deviceHeight'), exerciseLimits.deviceHeight)}
            {applies.has('upDelay') &&
              number('upDelay', t('exercises.fields.upDelay'), exerciseLimits.delaySeconds, seconds)}
            {applies.has('downDelay') &&
              number('downDelay', t('exercises.fields.downDelay'), exerciseLimits.delaySeconds, seconds)}
            {applies.has('upLimit') &&
              number('upLimit', t('exercises.fields.upLimit'), exerciseLimits.limitSeconds, seconds)}
            {applies.has('downLimit') &&
              number('downLimit', t('exercises.fields.downLimit'), exerciseLimits.limitSeconds, seconds)}
            {number('guideMinutes', t('exercises.fields.guideTime'), [1, 240], t('exercises.units.minutes'))}
          </SimpleGrid>
          {errors.exerciseGuide && (
            <Text c="red" size="sm">
              {message(errors.exerciseGuide)}
            </Text>
          )}
          <TextareaField
            label={t('exercises.fields.memo')}
            value={values.memo}
            onChange={(value) => set('memo', value)}
            maxLength={exerciseLimits.memoMax}
            minRows={2}
            error={errors.memo}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('exercises.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
