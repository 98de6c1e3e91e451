import { addQuestionnaireResponse, type MyQuestionnaire } from '@clinic/contract';
import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { MouseEvent, ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useMyQuestionnaireForms } from '../api/questionnaires.ts';
import { searchOfScreen } from '../navigation/screen-url.ts';
import { useScreen } from '../navigation/use-screen.ts';
import type { OutboxEntry } from '../offline/outbox-store.ts';
import { useLazyOutboxEntries } from '../offline/use-lazy-outbox.ts';
import { entryOfRequest } from '../questionnaire/answers.ts';
import { formatDay, textLanguage } from '../questionnaire/display.ts';

function DueCard({
  questionnaire,
  language,
  entry,
}: {
  questionnaire: MyQuestionnaire;
  /** The language of the title when it is not the page's. */
  language: string | undefined;
  entry: OutboxEntry | undefined;
}): ReactElement {
  const { t, i18n } = useTranslation();
  const [, go] = useScreen();
  const screen = { name: 'questionnaire', id: questionnaire.seqQuestionnaireRequest } as const;
  const titleId = `questionnaire-${questionnaire.seqQuestionnaireRequest}`;
  const open = (event: MouseEvent<HTMLAnchorElement>): void => {
    // A new tab or window is the browser's to open.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    go(screen);
  };
  return (
    <Paper component="article" withBorder p="md" aria-labelledby={titleId}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={4} id={titleId} lang={language}>
            {questionnaire.title}
          </Title>
          {entry ? (
            <Badge color={entry.refusal ? 'red' : 'yellow'} variant="light" tt="none" style={{ flexShrink: 0 }}>
              {t(entry.refusal ? 'questionnaires.refused' : 'questionnaires.waiting')}
            </Badge>
          ) : (
            questionnaire.state === 'overdue' && (
              <Badge color="red" variant="light" tt="none" style={{ flexShrink: 0 }}>
                {t('questionnaires.overdue')}
              </Badge>
            )
          )}
        </Group>
        <Text size="sm">{t('questionnaires.due', { date: formatDay(questionnaire.dueAt, i18n.language) })}</Text>
        <Text size="sm" c="dimmed">
          {t('questionnaires.from', { clinician: questionnaire.managerName })}
        </Text>
        {(!entry || entry.refusal) && (
          <Button
            component="a"
            href={searchOfScreen(window.location.search, screen)}
            onClick={open}
            size="md"
            mt={4}
            aria-describedby={titleId}
          >
            {t('questionnaires.open')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * The questionnaires the patient has to fill in (`list`, the screen's useMyQuestionnaires), each a card
 * that opens it; nothing when none is due.
 */
export function DueQuestionnaires({ list }: { list: UseQueryResult<MyQuestionnaire[]> }): ReactElement | null {
  const { t, i18n } = useTranslation();
  const forms = useMyQuestionnaireForms(list.data ?? []);
  const entries = useLazyOutboxEntries(addQuestionnaireResponse);
  if (list.isError && !list.data) {
    return (
      <Alert color="red" role="alert">
        <Group justify="space-between">
          <Text size="sm">{t('questionnaires.loadFailed')}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void list.refetch()}>
            {t('common.retry')}
          </Button>
        </Group>
      </Alert>
    );
  }
  if (!list.data || list.data.length === 0) return null;
  return (
    <section aria-labelledby="questionnaires-title">
      <Title order={3} id="questionnaires-title" mb="xs">
        {t('questionnaires.title')}
      </Title>
      <Stack gap="sm">
        {list.data.map((questionnaire, index) => (
          <DueCard
            key={questionnaire.seqQuestionnaireRequest}
            questionnaire={questionnaire}
            language={textLanguage(forms[index]?.resource, i18n.language)}
            entry={entryOfRequest(entries, questionnaire.seqQuestionnaireRequest)}
          />
        ))}
      </Stack>
    </section>
  );
}
