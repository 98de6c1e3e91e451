import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';

/** The countdown dialog of the last 60 s before the idle limit. */
export function IdleWarningModal({
  opened,
  secondsLeft,
  onStay,
}: {
  opened: boolean;
  secondsLeft: number;
  onStay: () => void;
}): ReactElement {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onStay}
      title={t('idle.title')}
      centered
      closeOnClickOutside={false}
      withCloseButton={false}
      zIndex={400}
    >
      <Stack gap="md">
        <Text aria-live="assertive" role="timer">
          {t('idle.body', { seconds: secondsLeft })}
        </Text>
        <Group justify="flex-end">
          <Button onClick={onStay} data-autofocus>
            {t('idle.stay')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
