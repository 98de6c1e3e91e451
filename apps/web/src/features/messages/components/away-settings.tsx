import { useContractForm } from '@clinic/client/contract-form';
import { browserTimeZone } from '@clinic/client/time-zone';
import {
  languages,
  messageRules,
  updateMessageAwaySettings,
  type AwayTexts,
  type Language,
  type MessageAwaySettings,
} from '@clinic/contract';
import { Alert, Button, Fieldset, Group, Skeleton, Stack, Switch, Text } from '@mantine/core';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../shared/forms/date-field.tsx';
import { withFieldNames } from '../../../shared/forms/field-names.ts';
import { TextareaField } from '../../../shared/forms/textarea-field.tsx';
import { useMessage } from '../../../shared/i18n/use-message.ts';
import { LoadFailed } from '../../../shared/ui/load-failed.tsx';
import { useAwaySettings, useSaveAwaySettings } from '../api/templates.ts';

type TextsOf = 'afterHours' | 'vacation';
type TextField = `${TextsOf}.${Language}`;
type AwayValues = Record<TextField, string> & { onVacation: boolean; from: string; to: string };

/** The texts written; a language left empty is not sent, so the patient gets the next one by the server's rule. */
function textsRequest(values: AwayValues, of: TextsOf): AwayTexts {
  const texts: AwayTexts = {};
  for (const language of languages) {
    const text = values[`${of}.${language}`];
    if (text.trim()) texts[language] = text;
  }
  return texts;
}

const toRequest = (values: AwayValues) => ({
  afterHoursTexts: textsRequest(values, 'afterHours'),
  vacation: values.onVacation ? { from: values.from, to: values.to, texts: textsRequest(values, 'vacation') } : null,
});

/** The form's field of a contract issue: `afterHoursTexts.ko` is `afterHours.ko`, `vacation.to` is `to`. */
function fieldOf(path: readonly PropertyKey[]): string {
  const [first, second, third] = path.map(String);
  if (first === 'afterHoursTexts') return `afterHours.${second}`;
  if (first === 'vacation') return second === 'texts' ? `vacation.${third}` : (second ?? '');
  return first ?? '';
}

const schema = withFieldNames(updateMessageAwaySettings.request, fieldOf);

function valuesOf(saved: MessageAwaySettings): AwayValues {
  const values: Partial<AwayValues> = {
    onVacation: saved.vacation !== null,
    from: saved.vacation?.from ?? '',
    to: saved.vacation?.to ?? '',
  };
  for (const language of languages) {
    values[`afterHours.${language}`] = saved.afterHoursTexts[language] ?? '';
    values[`vacation.${language}`] = saved.vacation?.texts[language] ?? '';
  }
  return values as AwayValues;
}

function AwayForm({ saved }: { saved: MessageAwaySettings }): ReactElement {
  const { t } = useTranslation();
  const message = useMessage();
  const save = useSaveAwaySettings();
  const form = useContractForm({
    initialValues: valuesOf(saved),
    schema,
    toRequest,
    send: (request) => save.mutateAsync(request),
  });
  const { values, errors, setValue } = form;
  const texts = (of: TextsOf): ReactElement[] =>
    languages.map((language) => (
      <TextareaField
        key={language}
        label={t(`language.names.${language}`)}
        lang={language}
        value={values[`${of}.${language}`]}
        onChange={(value) => setValue(`${of}.${language}`, value)}
        maxLength={messageRules.awayTextMax}
        minRows={2}
        error={errors[`${of}.${language}`]}
      />
    ));
  return (
    <form noValidate onSubmit={form.onSubmit} aria-label={t('messaging.away.title')}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('messaging.away.intro')}
        </Text>
        <Text size="sm" c="dimmed">
          {t('messaging.away.languageRule')}
        </Text>
        <Fieldset legend={t('messaging.away.afterHours')}>
          <Stack gap="sm">
            <Text size="xs" c="dimmed">
              {t('messaging.away.afterHoursHint')}
            </Text>
            {texts('afterHours')}
          </Stack>
        </Fieldset>
        <Fieldset legend={t('messaging.away.vacation')}>
          <Stack gap="sm">
            <Switch
              label={t('messaging.away.onVacation')}
              checked={values.onVacation}
              onChange={(event) => setValue('onVacation', event.currentTarget.checked)}
            />
            {values.onVacation && (
              <>
                <Text size="xs" c="dimmed">
                  {t('messaging.away.vacationHint', { timeZone: browserTimeZone() })}
                </Text>
                <Group grow align="flex-start">
                  <DateField
                    label={t('messaging.away.from')}
                    value={values.from}
                    onChange={(value) => setValue('from', value)}
                    error={errors.from}
                    required
                  />
                  <DateField
                    label={t('messaging.away.to')}
                    value={values.to}
                    onChange={(value) => setValue('to', value)}
                    error={errors.to}
                    minDate={values.from || undefined}
                    required
                  />
                </Group>
                {texts('vacation')}
              </>
            )}
          </Stack>
        </Fieldset>
        {form.failure && <Alert color="red">{message(form.failure)}</Alert>}
        {save.isSuccess && !form.failure && (
          <Alert color="green" role="status">
            {t('messaging.away.saved')}
          </Alert>
        )}
        <Button type="submit" loading={save.isPending} style={{ alignSelf: 'flex-start' }}>
          {t('messaging.away.save')}
        </Button>
      </Stack>
    </form>
  );
}

/** My page: the automatic replies to a patient's message after hours and during a vacation. */
export function AwaySettings(): ReactElement {
  const { t } = useTranslation();
  const settings = useAwaySettings();
  if (settings.isError) return <LoadFailed onRetry={() => void settings.refetch()} />;
  if (!settings.data) return <Skeleton height={200} role="status" aria-label={t('common.loading')} />;
  return <AwayForm saved={settings.data} />;
}
