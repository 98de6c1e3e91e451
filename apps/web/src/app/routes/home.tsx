import { Box, Stack, Title } from '@mantine/core';
import { useDeferredValue, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useMonitoringAlerts } from '../../features/monitoring/api/monitoring.ts';
import { NeedsAttention } from '../../features/monitoring/components/needs-attention.tsx';
import { AppointmentsView } from '../../features/schedules/components/appointments-view.tsx';
import { useStartVideoVisit } from '../../features/video-call/components/start-visit.tsx';
import { WaitingRoomNotice } from '../../features/video-call/components/waiting-room-notice.tsx';
import { useAuthStore } from '../../shared/session/auth-store.ts';
import { useDocumentTitle } from '../../shared/ui/use-document-title.ts';

/**
 * Home (`/` and `/appointments`): a short greeting, the patients needing attention, the appointments view
 * (SPEC 2) and the patients waiting for their visit's call.
 */
export function Component(): ReactElement {
  const { t } = useTranslation();
  const userName = useAuthStore((state) => state.userName);
  useDocumentTitle(t('schedule.documentTitle'));
  const videoVisit = useStartVideoVisit();
  // The calendar (mounted, so its visits load meanwhile) shows with the list above it: a list
  // arriving after it would push it down the screen. Deferred as the list is, so both show in one render.
  const alerts = useMonitoringAlerts();
  const listSettled = useDeferredValue(alerts.data !== undefined || alerts.isError);

  return (
    <Stack gap="md">
      <Title order={2}>{userName ? t('home.welcomeNamed', { name: userName }) : t('home.welcome')}</Title>
      <NeedsAttention />
      <Box display={listSettled ? undefined : 'none'}>
        <AppointmentsView onStartVisit={videoVisit.startVisit} />
      </Box>
      {/* In the corner of the screen, beside the menu: an arrival moves nothing the clinician is reading. */}
      <WaitingRoomNotice
        pos="fixed"
        bottom={16}
        left="calc(var(--app-shell-navbar-offset, 0px) + 16px)"
        onOpenVisit={videoVisit.startVisit}
      />
      {videoVisit.notice}
    </Stack>
  );
}
