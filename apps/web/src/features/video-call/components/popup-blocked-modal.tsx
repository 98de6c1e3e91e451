import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';

/** Says that the browser blocked the visit's window (SPEC 2's two messages). */
export function PopupBlockedModal({ opened, onClose }: { opened: boolean; onClose: () => void }): ReactElement {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('videoCall.alertTitle')} centered>
      <Stack gap="sm" role="alert">
        <Text size="sm">{t('videoCall.errors.popupBlocked')}</Text>
        <Text size="sm">{t('videoCall.errors.popupFailed')}</Text>
        <Group justify="flex-end">
          <Button onClick={onClose} data-autofocus>
            {t('videoCall.ok')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
