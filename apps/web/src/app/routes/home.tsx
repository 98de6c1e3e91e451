import { Stack, Title } from '@mantine/core';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { NeedsAttention } from '../../features/monitoring/components/needs-attention.tsx';
import { AppointmentsView } from '../../features/schedules/components/appointments-view.tsx';
import { useStartVideoVisit } from '../../features/video-call/components/start-visit.tsx';
import { useAuthStore } from '../../shared/session/auth-store.ts';
import { useDocumentTitle } from '../../shared/ui/use-document-title.ts';

/** Home (`/` and `/appointments`): a short greeting, the patients needing attention and the appointments view (SPEC 2). */
export function Component(): ReactElement {
  const { t } = useTranslation();
  const userName = useAuthStore((state) => state.userName);
  useDocumentTitle(t('schedule.documentTitle'));
  const videoVisit = useStartVideoVisit();

  return (
    <Stack gap="md">
      <Title order={2}>{userName ? t('home.welcomeNamed', { name: userName }) : t('home.welcome')}</Title>
      <NeedsAttention />
      <AppointmentsView onStartVisit={videoVisit.startVisit} />
      {videoVisit.notice}
    </Stack>
  );
}
