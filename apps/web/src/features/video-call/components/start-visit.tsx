import { type Schedule } from '@clinic/contract';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { queryKeys } from '../../../shared/api/query-keys.ts';
import { openVideoVisit } from '../open-visit-window.ts';

/**
 * Opens the video visit of a visit (SPEC 2): a popup on desktop, the same page on touch browsers.
 * A blocked popup shows the two messages; a closed popup refreshes today's visits.
 */
export function useStartVideoVisit(): { startVisit: (schedule: Schedule) => void; notice: ReactElement } {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [blocked, setBlocked] = useState(false);

  const startVisit = useCallback(
    (schedule: Schedule): void => {
      const outcome = openVideoVisit(schedule.seqSchedule, {
        navigate: (to) => void navigate(to),
        onClosed: () => void queryClient.invalidateQueries({ queryKey: queryKeys.schedules }),
      });
      if (outcome === 'blocked') setBlocked(true);
    },
    [navigate, queryClient],
  );

  const notice = (
    <Modal opened={blocked} onClose={() => setBlocked(false)} title={t('videoCall.alertTitle')} centered>
      <Stack gap="sm" role="alert">
        <Text size="sm">{t('videoCall.errors.popupBlocked')}</Text>
        <Text size="sm">{t('videoCall.errors.popupFailed')}</Text>
        <Group justify="flex-end">
          <Button onClick={() => setBlocked(false)} data-autofocus>
            {t('videoCall.ok')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
  return { startVisit, notice };
}
