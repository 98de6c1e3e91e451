import { isApiError } from '@clinic/client/api-error';
import {
  addQuestionnaireResponse,
  FailedCode,
  itemBound,
  outcomeStringMax,
  type MyQuestionnaire,
  type OutcomeItem,
  type OutcomeQuestionnaire,
} from '@clinic/contract';
import {
  Alert,
  Badge,
  Button,
  Container,
  Group,
  Loader,
  Paper,
  Radio,
  Stack,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { memo, useCallback, useRef, useState, type FormEvent, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMyQuestionnaire, type MyQuestionnaireForm } from '../api/questionnaires.ts';
import { messageText } from '../i18n/i18n.ts';
import { showToast } from '../notices/toasts.ts';
import { AsOf } from '../offline/as-of.tsx';
import { flushOutbox, outbox, queueWrite } from '../offline/outbox.ts';
import { useOutboxEntries } from '../offline/use-outbox.ts';
import { answerErrors, answersOf, entryOfRequest, shownItems, type EnteredValues } from '../questionnaire/answers.ts';
import { formatDay, textLanguage } from '../questionnaire/display.ts';

interface ItemProps {
  item: OutcomeItem;
  /** The item's place among the questions, for its element ids. */
  index: number;
  value: string;
  /** A translated message key, or none. */
  error: string | undefined;
  /** The language of the questionnaire's own text when it is not the page's. */
  language: string | undefined;
  onChange: (linkId: string, value: string) => void;
}

/** The question's own text, in the questionnaire's language, and the app's word for a required answer. */
function QuestionLabel({ item, language }: Pick<ItemProps, 'item' | 'language'>): ReactNode {
  const { t } = useTranslation();
  return (
    <>
      <span lang={language}>{item.text}</span>
      {item.required && <VisuallyHidden> ({t('questionnaire.required')})</VisuallyHidden>}
    </>
  );
}

/** A number's allowed range in the app's words, from the item's minValue and maxValue. */
function useRangeText(item: OutcomeItem): string | undefined {
  const { t } = useTranslation();
  const min = itemBound(item, 'minValue');
  const max = itemBound(item, 'maxValue');
  if (min !== undefined && max !== undefined) return t('questionnaire.range', { min, max });
  if (min !== undefined) return t('questionnaire.atLeast', { min });
  if (max !== undefined) return t('questionnaire.atMost', { max });
  return undefined;
}

function ChoiceItem({ item, index, value, error, language, onChange }: ItemProps): ReactElement {
  return (
    <Radio.Group
      id={`question-${index}`}
      label={<QuestionLabel item={item} language={language} />}
      withAsterisk={item.required}
      error={error && messageText(error)}
      size="md"
      value={value}
      onChange={(next) => onChange(item.linkId, next)}
    >
      <Stack gap={8} mt="xs">
        {(item.answerOption ?? []).map((option) => {
          const code = option.valueCoding?.code;
          if (code === undefined) return null;
          return (
            <Radio.Card key={code} value={code} radius="md" p="sm" mih={48}>
              <Group wrap="nowrap" gap="sm" align="center">
                <Radio.Indicator />
                <Text size="md" lang={language}>
                  {option.valueCoding?.display ?? code}
                </Text>
              </Group>
            </Radio.Card>
          );
        })}
      </Stack>
    </Radio.Group>
  );
}

function NumberItem({ item, index, value, error, language, onChange }: ItemProps): ReactElement {
  const min = itemBound(item, 'minValue');
  const max = itemBound(item, 'maxValue');
  return (
    <TextInput
      id={`question-${index}`}
      type="number"
      inputMode={item.type === 'integer' ? 'numeric' : 'decimal'}
      min={min}
      max={max}
      step={item.type === 'integer' ? 1 : 'any'}
      label={<QuestionLabel item={item} language={language} />}
      description={useRangeText(item)}
      withAsterisk={item.required}
      required={item.required}
      error={error && messageText(error)}
      size="md"
      maw={200}
      value={value}
      onChange={(event) => onChange(item.linkId, event.currentTarget.value)}
    />
  );
}

function TextItem({ item, index, value, error, language, onChange }: ItemProps): ReactElement {
  return (
    <TextInput
      id={`question-${index}`}
      label={<QuestionLabel item={item} language={language} />}
      withAsterisk={item.required}
      required={item.required}
      maxLength={item.maxLength ?? outcomeStringMax}
      error={error && messageText(error)}
      size="md"
      value={value}
      onChange={(event) => onChange(item.linkId, event.currentTarget.value)}
    />
  );
}

/** One item of the questionnaire: an instruction, or a question in the input its type asks for. */
const QuestionnaireItem = memo(function QuestionnaireItem(props: ItemProps): ReactElement | null {
  const { item, language } = props;
  if (item.type === 'display') {
    return (
      <Text fw={500} lang={language}>
        {item.text}
      </Text>
    );
  }
  const input =
    item.type === 'choice' ? (
      <ChoiceItem {...props} />
    ) : item.type === 'integer' || item.type === 'decimal' ? (
      <NumberItem {...props} />
    ) : (
      <TextItem {...props} />
    );
  return (
    <Paper withBorder p="md" data-question={props.index}>
      {input}
    </Paper>
  );
});

/** The first input of the first question with an error, which takes the focus. */
function firstInvalidInput(
  form: HTMLFormElement | null,
  items: readonly OutcomeItem[],
  errors: Record<string, string>,
) {
  const index = items.findIndex((item) => item.linkId in errors);
  return form?.querySelector<HTMLElement>(
    `[data-question="${index}"] input, [data-question="${index}"] [role="radio"]`,
  );
}

function QuestionnaireForm({
  id,
  form,
  language,
  onDone,
}: {
  id: number;
  form: MyQuestionnaireForm;
  language: string | undefined;
  onDone: () => void;
}): ReactElement {
  const { t } = useTranslation();
  const resource: OutcomeQuestionnaire = form.resource;
  const [values, setValues] = useState<EnteredValues>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [invalid, setInvalid] = useState(false);
  const [saveFailed, setSaveFailed] = useState(false);
  const [sending, setSending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const items = shownItems(resource, values);

  const change = useCallback((linkId: string, value: string) => {
    setValues((current) => ({ ...current, [linkId]: value }));
    setErrors((current) => {
      if (!(linkId in current)) return current;
      const rest = { ...current };
      delete rest[linkId];
      return rest;
    });
  }, []);

  const submit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    if (sending) return;
    setSaveFailed(false);
    const answers = answersOf(resource, values);
    const found = answerErrors(resource, answers);
    setErrors(found);
    setInvalid(Object.keys(found).length > 0);
    if (Object.keys(found).length > 0) {
      firstInvalidInput(formRef.current, items, found)?.focus();
      return;
    }
    setSending(true);
    try {
      // The answers' identity from now on: sent again after a lost reply, they are still one response.
      const entry = await queueWrite(addQuestionnaireResponse, {
        idempotencyKey: crypto.randomUUID(),
        seqQuestionnaireRequest: id,
        answers,
        authoredAt: new Date().toISOString(),
      });
      await flushOutbox().catch(() => undefined);
      const kept = outbox.entries().find((waiting) => waiting.idempotencyKey === entry.idempotencyKey);
      if (kept?.refusal) {
        showToast({ color: 'red', message: t('questionnaire.refusedNotice') });
        return;
      }
      showToast({ color: 'teal', message: t(kept ? 'questionnaire.savedOffline' : 'questionnaire.sent') });
      onDone();
    } catch {
      setSaveFailed(true);
    } finally {
      setSending(false);
    }
  };

  return (
    <form ref={formRef} noValidate aria-labelledby="questionnaire-title" onSubmit={(event) => void submit(event)}>
      <Stack gap="md">
        {items.some((item) => item.required) && (
          <Text size="sm" c="dimmed">
            {t('questionnaire.requiredHint')}
          </Text>
        )}
        {items.map((item, index) => (
          <QuestionnaireItem
            key={item.linkId}
            item={item}
            index={index}
            value={values[item.linkId] ?? ''}
            error={errors[item.linkId]}
            language={language}
            onChange={change}
          />
        ))}
        {invalid && (
          <Alert color="red" role="alert">
            {t('questionnaire.invalid')}
          </Alert>
        )}
        {saveFailed && (
          <Alert color="red" role="alert">
            {t('questionnaire.saveFailed')}
          </Alert>
        )}
        <Button type="submit" size="md" loading={sending}>
          {t('questionnaire.submit')}
        </Button>
        {resource.copyright && (
          <Text size="xs" c="dimmed" lang={language}>
            {resource.copyright}
          </Text>
        )}
      </Stack>
    </form>
  );
}

function Heading({ questionnaire, language }: { questionnaire: MyQuestionnaire; language: string | undefined }) {
  const { t, i18n } = useTranslation();
  return (
    <div>
      <Title order={2} id="questionnaire-title" lang={language}>
        {questionnaire.title}
      </Title>
      <Group gap="xs" mt={4}>
        <Text size="sm">{t('questionnaires.due', { date: formatDay(questionnaire.dueAt, i18n.language) })}</Text>
        {questionnaire.state === 'overdue' && (
          <Badge color="red" variant="light" tt="none">
            {t('questionnaires.overdue')}
          </Badge>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        {t('questionnaires.from', { clinician: questionnaire.managerName })}
      </Text>
    </div>
  );
}

/**
 * One questionnaire to fill in (`?questionnaire=`): its FHIR Questionnaire as a form,
 * checked as the server checks it before anything is sent, and sent through the outbox, so that
 * answers given offline reach the clinician once the connection is back.
 */
export function QuestionnaireScreen({ id, onDone }: { id: number; onDone: () => void }): ReactElement {
  const { t, i18n } = useTranslation();
  const query = useMyQuestionnaire(id);
  const entry = entryOfRequest(useOutboxEntries(addQuestionnaireResponse), id);
  const data = query.data;
  const language = textLanguage(data?.resource, i18n.language);
  const missing = query.isError && isApiError(query.error) && query.error.status === 404;

  let body: ReactElement;
  if (query.isPending) {
    body = (
      <Group gap="xs" role="status">
        <Loader size="sm" />
        <Text size="sm">{t('questionnaire.loading')}</Text>
      </Group>
    );
  } else if (!data) {
    body = (
      <Alert color={missing ? 'yellow' : 'red'} role="alert">
        <Group justify="space-between">
          <Text size="sm">{t(missing ? 'questionnaire.notFound' : 'questionnaire.loadFailed')}</Text>
          {!missing && (
            <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
              {t('common.retry')}
            </Button>
          )}
        </Group>
      </Alert>
    );
  } else if (data.questionnaire.state === 'answered' || data.questionnaire.state === 'cancelled') {
    // Opened from an old message: answered already, or withdrawn by the clinician.
    body = (
      <Alert color={data.questionnaire.state === 'answered' ? 'teal' : 'yellow'} role="status">
        {messageText(
          data.questionnaire.state === 'answered'
            ? FailedCode.QuestionnaireAnswered
            : FailedCode.QuestionnaireWithdrawn,
        )}
      </Alert>
    );
  } else if (entry?.refusal?.failedCode === FailedCode.QuestionnaireVersionGone) {
    // The version sent was replaced: answering this request again would be refused the same way.
    body = (
      <Alert color="yellow" role="alert" title={t('questionnaire.versionGoneTitle')}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('questionnaire.versionGone', { clinician: data.questionnaire.managerName })}</Text>
          <Button
            size="sm"
            variant="light"
            color="yellow"
            onClick={() => void outbox.discard(entry.idempotencyKey).then(onDone)}
          >
            {t('questionnaire.versionGoneDiscard')}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (entry?.refusal) {
    body = (
      <Alert color="red" role="alert" title={t('questionnaire.refusedTitle')}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{messageText(entry.refusal.failedCode || undefined)}</Text>
          <Button size="sm" variant="light" color="red" onClick={() => void outbox.discard(entry.idempotencyKey)}>
            {t('questionnaire.discard')}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (entry) {
    body = (
      <Alert color="yellow" role="status">
        {t('questionnaire.waiting')}
      </Alert>
    );
  } else {
    body = (
      <>
        {language && (
          <Text size="sm" c="dimmed">
            {t('questionnaire.otherLanguage')}
          </Text>
        )}
        <QuestionnaireForm key={id} id={id} form={data} language={language} onDone={onDone} />
      </>
    );
  }

  return (
    <Container size="sm" py="md">
      <Stack gap="lg">
        {data ? (
          <Heading questionnaire={data.questionnaire} language={language} />
        ) : (
          <Title order={2} id="questionnaire-title">
            {t('questionnaire.title')}
          </Title>
        )}
        <AsOf query={query} />
        {body}
        <Button variant="subtle" size="md" onClick={onDone} style={{ alignSelf: 'flex-start' }}>
          {t('questionnaire.back')}
        </Button>
      </Stack>
    </Container>
  );
}
