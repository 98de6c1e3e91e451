import { useContractForm } from '@clinic/client/contract-form';
import {
  customLimits,
  customQuestionnaireDefinition,
  customScoringRules,
  isLanguage,
  languages,
  scoreDirections,
  type Language,
  type ScoreDirection,
} from '@clinic/contract';
import { Alert, Button, Checkbox, Fieldset, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { withFieldNames } from '../../../shared/forms/field-names.ts';
import { NumberField } from '../../../shared/forms/number-field.tsx';
import { RadioField } from '../../../shared/forms/radio-field.tsx';
import { SelectField } from '../../../shared/forms/select-field.tsx';
import { TextField } from '../../../shared/forms/text-field.tsx';
import { TextareaField } from '../../../shared/forms/textarea-field.tsx';
import { useMessage } from '../../../shared/i18n/use-message.ts';
import { useAddCustomQuestionnaire } from '../api/questionnaires.ts';
import { instrumentKey } from '../model.ts';

type Texts = Partial<Record<Language, string>>;
const itemTypes = ['choice', 'integer', 'decimal', 'string'] as const;
type ItemType = (typeof itemTypes)[number];

interface OptionDraft {
  label: Texts;
  score: number | '';
}
interface ItemDraft {
  type: ItemType;
  text: Texts;
  required: boolean;
  options: OptionDraft[];
  min: number | '';
  max: number | '';
}
interface CustomValues {
  languages: Language[];
  title: Texts;
  items: ItemDraft[];
  scoring: (typeof customScoringRules)[number];
  maxMissing: number | '';
  mcid: number | '';
  direction: ScoreDirection;
  copyright: string;
  licenceConfirmed: boolean;
}

const newOption = (score: number): OptionDraft => ({ label: {}, score });
const newItem = (): ItemDraft => ({
  type: 'choice',
  text: {},
  required: true,
  options: [newOption(0), newOption(1)],
  min: 0,
  max: 10,
});

/** The definition the values stand for: texts in the chosen languages only ('' where not typed), each type's own fields. */
function definitionOf(values: CustomValues): unknown {
  const texts = (text: Texts): Texts =>
    Object.fromEntries(values.languages.map((language) => [language, text[language] ?? '']));
  return {
    title: texts(values.title),
    languages: values.languages,
    items: values.items.map((item) => {
      const base = { type: item.type, text: texts(item.text), required: item.required };
      switch (item.type) {
        case 'choice':
          return {
            ...base,
            options: item.options.map((option) => ({ label: texts(option.label), score: option.score })),
          };
        case 'integer':
        case 'decimal':
          return { ...base, min: item.min, max: item.max };
        case 'string':
          return base;
      }
    }),
    scoring: values.scoring,
    maxMissing: values.maxMissing,
    mcid: values.mcid,
    direction: values.direction,
    ...(values.copyright.trim() !== '' && { copyright: values.copyright }),
    licenceConfirmed: values.licenceConfirmed,
  };
}

/** Each issue at its whole path (`items.0.options.1.score`), so it shows at its own input. */
const definitionSchema = withFieldNames(customQuestionnaireDefinition, (path) => path.map(String).join('.'));

/** A text in each of the questionnaire's languages, each input named with its language when there are several. */
function TextsField({
  label,
  value,
  onChange,
  chosen,
  errorOf,
  maxLength,
}: {
  label: string;
  value: Texts;
  onChange: (value: Texts) => void;
  chosen: readonly Language[];
  errorOf: (language: Language) => string | undefined;
  maxLength: number;
}): ReactElement {
  const { t } = useTranslation();
  return (
    <>
      {chosen.map((language) => (
        <TextField
          key={language}
          label={chosen.length > 1 ? `${label} (${t(`language.names.${language}`)})` : label}
          lang={language}
          value={value[language] ?? ''}
          onChange={(text) => onChange({ ...value, [language]: text })}
          maxLength={maxLength}
          error={errorOf(language)}
          required
        />
      ))}
    </>
  );
}

/**
 * "New questionnaire": an instrument the clinic holds a licence for (QuickDASH, Oswestry...) typed
 * by the clinician, with its items, scoring, MCID and direction, sent only once the licence is confirmed.
 */
export function CustomQuestionnaireDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  /** The new instrument's key (for the send dialog's choice). */
  onCreated: (instrument: string) => void;
}): ReactElement {
  const { t, i18n } = useTranslation();
  const message = useMessage();
  const add = useAddCustomQuestionnaire();
  const [initialValues] = useState<CustomValues>(() => ({
    languages: [isLanguage(i18n.language) ? i18n.language : 'en'],
    title: {},
    items: [newItem()],
    scoring: 'sum',
    maxMissing: 0,
    mcid: '',
    direction: 'higherIsBetter',
    copyright: '',
    licenceConfirmed: false,
  }));
  const form = useContractForm({
    initialValues,
    schema: definitionSchema,
    toRequest: definitionOf,
    send: (definition) => add.mutateAsync({ definition }),
    replyFieldsUnder: 'definition',
    onReply: (reply) => onCreated(instrumentKey(reply.instrument.instrument)),
  });
  const { values } = form;
  const errors = form.errors as Record<string, string | undefined>;
  const chosen = values.languages;
  /** Sets a value and clears the errors under it: those of its nested inputs too (`items.0.text.en`). */
  const setValue = <Key extends keyof CustomValues>(key: Key, value: CustomValues[Key], under = `${key}`): void => {
    form.setValue(key, value);
    form.setErrors(
      Object.fromEntries(
        Object.entries(errors).filter(([name]) => name !== '' && name !== key && !name.startsWith(under)),
      ),
    );
  };
  const setItem = (index: number, patch: Partial<ItemDraft>, under = `items.${index}.`): void =>
    setValue(
      'items',
      values.items.map((item, at) => (at === index ? { ...item, ...patch } : item)),
      under,
    );
  const setOption = (index: number, optionIndex: number, patch: Partial<OptionDraft>): void =>
    setItem(
      index,
      {
        options: values.items[index]!.options.map((option, at) =>
          at === optionIndex ? { ...option, ...patch } : option,
        ),
      },
      `items.${index}.options`,
    );
  return (
    <Modal opened onClose={onClose} title={t('questionnaires.custom.title')} size="xl">
      <form noValidate onSubmit={form.onSubmit}>
        <Stack gap="md">
          <Text size="sm">{t('questionnaires.custom.intro')}</Text>
          {form.failure && (
            <Alert color="red" role="alert">
              {message(form.failure)}
            </Alert>
          )}
          <Checkbox.Group
            label={t('questionnaires.custom.languages')}
            description={t('questionnaires.custom.languagesHint')}
            value={values.languages}
            onChange={(next) =>
              // The first chosen stays the questionnaire's own language; the others follow in the app's order.
              setValue(
                'languages',
                [
                  ...values.languages.filter((language) => next.includes(language)),
                  ...languages.filter((language) => next.includes(language) && !values.languages.includes(language)),
                ],
                '',
              )
            }
            error={message(errors.languages)}
          >
            <Group gap="lg" mt={6}>
              {languages.map((language) => (
                <Checkbox key={language} value={language} label={t(`language.names.${language}`)} />
              ))}
            </Group>
          </Checkbox.Group>
          <TextsField
            label={t('questionnaires.custom.name')}
            value={values.title}
            onChange={(title) => setValue('title', title)}
            chosen={chosen}
            errorOf={(language) => errors[`title.${language}`]}
            maxLength={customLimits.titleMax}
          />
          {values.items.map((item, index) => {
            const number = index + 1;
            const at = (name: string) => errors[`items.${index}.${name}`];
            return (
              <Fieldset key={index} legend={t('questionnaires.custom.question', { number })}>
                <Stack gap="sm">
                  <SimpleGrid cols={{ base: 1, sm: 2 }}>
                    <SelectField
                      label={t('questionnaires.custom.type', { number })}
                      allowEmpty={false}
                      value={item.type}
                      onChange={(type) => setItem(index, { type: type as ItemType })}
                      options={itemTypes.map((type) => ({
                        value: type,
                        label: t(`questionnaires.custom.types.${type}`),
                      }))}
                    />
                    <Checkbox
                      mt="xl"
                      label={t('questionnaires.custom.required', { number })}
                      checked={item.required}
                      onChange={(event) => setItem(index, { required: event.currentTarget.checked })}
                    />
                  </SimpleGrid>
                  <TextsField
                    label={t('questionnaires.custom.text', { number })}
                    value={item.text}
                    onChange={(text) => setItem(index, { text })}
                    chosen={chosen}
                    errorOf={(language) => at(`text.${language}`)}
                    maxLength={customLimits.textMax}
                  />
                  {item.type === 'choice' && (
                    <Stack gap="xs">
                      {item.options.map((option, optionIndex) => {
                        const answer = { number, answer: optionIndex + 1 };
                        return (
                          <Group key={optionIndex} align="flex-start" gap="sm" wrap="nowrap">
                            <Stack gap={4} style={{ flex: 1 }}>
                              <TextsField
                                label={t('questionnaires.custom.answer', answer)}
                                value={option.label}
                                onChange={(label) => setOption(index, optionIndex, { label })}
                                chosen={chosen}
                                errorOf={(language) => at(`options.${optionIndex}.label.${language}`)}
                                maxLength={customLimits.textMax}
                              />
                            </Stack>
                            <NumberField
                              w={110}
                              label={t('questionnaires.custom.score', answer)}
                              value={option.score}
                              decimals={2}
                              onChange={(score) => setOption(index, optionIndex, { score })}
                              error={at(`options.${optionIndex}.score`)}
                            />
                            <Button
                              mt={24}
                              variant="subtle"
                              color="red"
                              size="xs"
                              disabled={item.options.length <= 2}
                              aria-label={t('questionnaires.custom.removeAnswer', answer)}
                              onClick={() =>
                                setItem(index, { options: item.options.filter((_, each) => each !== optionIndex) })
                              }
                            >
                              {t('questionnaires.custom.remove')}
                            </Button>
                          </Group>
                        );
                      })}
                      {at('options') && (
                        <Text size="sm" c="red">
                          {message(at('options'))}
                        </Text>
                      )}
                      <Button
                        variant="default"
                        size="xs"
                        style={{ alignSelf: 'flex-start' }}
                        disabled={item.options.length >= customLimits.optionsMax}
                        onClick={() => setItem(index, { options: [...item.options, newOption(item.options.length)] })}
                      >
                        {t('questionnaires.custom.addAnswer', { number })}
                      </Button>
                    </Stack>
                  )}
                  {(item.type === 'integer' || item.type === 'decimal') && (
                    <SimpleGrid cols={2}>
                      <NumberField
                        label={t('questionnaires.custom.min', { number })}
                        value={item.min}
                        decimals={item.type === 'decimal' ? 2 : 0}
                        onChange={(min) => setItem(index, { min })}
                        error={at('min')}
                      />
                      <NumberField
                        label={t('questionnaires.custom.max', { number })}
                        value={item.max}
                        decimals={item.type === 'decimal' ? 2 : 0}
                        onChange={(max) => setItem(index, { max })}
                        error={at('max')}
                      />
                    </SimpleGrid>
                  )}
                  {item.type === 'string' && (
                    <Text size="sm" c="dimmed">
                      {t('questionnaires.custom.notScored')}
                    </Text>
                  )}
                  <Button
                    variant="subtle"
                    color="red"
                    size="xs"
                    style={{ alignSelf: 'flex-start' }}
                    disabled={values.items.length <= 1}
                    onClick={() =>
                      setValue(
                        'items',
                        values.items.filter((_, each) => each !== index),
                        'items',
                      )
                    }
                  >
                    {t('questionnaires.custom.removeQuestion', { number })}
                  </Button>
                </Stack>
              </Fieldset>
            );
          })}
          {errors.items && (
            <Text size="sm" c="red">
              {message(errors.items)}
            </Text>
          )}
          <Button
            variant="default"
            style={{ alignSelf: 'flex-start' }}
            disabled={values.items.length >= customLimits.itemsMax}
            onClick={() => setValue('items', [...values.items, newItem()])}
          >
            {t('questionnaires.custom.addQuestion')}
          </Button>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <SelectField
              label={t('questionnaires.custom.scoring')}
              allowEmpty={false}
              value={values.scoring}
              onChange={(scoring) => setValue('scoring', scoring as CustomValues['scoring'])}
              options={customScoringRules.map((rule) => ({
                value: rule,
                label: t(`questionnaires.custom.scoringRules.${rule}`),
              }))}
              error={errors.scoring}
            />
            <NumberField
              label={t('questionnaires.custom.maxMissing')}
              value={values.maxMissing}
              min={0}
              onChange={(maxMissing) => setValue('maxMissing', maxMissing)}
              error={errors.maxMissing}
            />
            <NumberField
              label={t('questionnaires.custom.mcid')}
              value={values.mcid}
              min={0}
              max={customLimits.mcidMax}
              decimals={2}
              onChange={(mcid) => setValue('mcid', mcid)}
              error={errors.mcid}
            />
          </SimpleGrid>
          <RadioField
            label={t('questionnaires.custom.direction')}
            value={values.direction}
            onChange={(direction) => setValue('direction', direction as ScoreDirection)}
            options={scoreDirections.map((direction) => ({
              value: direction,
              label: t(`questionnaires.directions.${direction}`),
            }))}
            error={errors.direction}
          />
          <TextareaField
            label={t('questionnaires.custom.copyright')}
            placeholder={t('questionnaires.custom.copyrightHint')}
            value={values.copyright}
            maxLength={customLimits.copyrightMax}
            autosize={false}
            rows={2}
            onChange={(copyright) => setValue('copyright', copyright)}
            error={errors.copyright}
          />
          <Checkbox
            label={t('questionnaires.custom.licence')}
            checked={values.licenceConfirmed}
            onChange={(event) => setValue('licenceConfirmed', event.currentTarget.checked)}
            error={message(errors.licenceConfirmed)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={add.isPending}>
              {t('questionnaires.custom.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
