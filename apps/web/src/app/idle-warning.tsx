import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useCallback, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { env } from '../config/env.ts';
import { endSession } from '../features/auth/api/logout.ts';
import { keepServerSessionAlive } from '../shared/session/keep-alive.ts';
import { useIdleTimer } from '../shared/session/use-idle-timer.ts';

/** SPEC 4 "Session": a countdown in the last 60 s before the idle limit, then a logout. */
export function IdleWarning({ enabled }: { enabled: boolean }): ReactElement {
  const { t } = useTranslation();
  const onExpire = useCallback((): void => {
    void endSession({ forced: true, notice: 'idleLogout' });
  }, []);
  const onActivity = useCallback((): void => keepServerSessionAlive(), []);
  const { status, stayActive } = useIdleTimer({
    enabled,
    limitSeconds: env.idleLimitSeconds,
    onExpire,
    onActivity,
  });

  return (
    <Modal
      opened={enabled && status.kind === 'warning'}
      onClose={stayActive}
      title={t('idle.title')}
      centered
      closeOnClickOutside={false}
      withCloseButton={false}
      zIndex={400}
    >
      <Stack gap="md">
        <Text aria-live="assertive" role="timer">
          {t('idle.body', { seconds: status.kind === 'warning' ? status.secondsLeft : 0 })}
        </Text>
        <Group justify="flex-end">
          <Button onClick={stayActive} data-autofocus>
            {t('idle.stay')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
