import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { PenaltyChoice } from '../api/update-penalty-info.ts';

/** The pay pop-up's dialog; see pay-popup.tsx. */
export function PayPopupModal({
  opened,
  activePatients,
  patientLimit,
  choose,
}: {
  opened: boolean;
  activePatients: number;
  patientLimit: number;
  choose: (choice: PenaltyChoice) => void;
}): ReactElement {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      title={t('payments.popup.title')}
      centered
    >
      <Stack gap="md">
        <Text size="sm">{t('payments.popup.body', { active: activePatients, limit: patientLimit })}</Text>
        <Text size="sm" c="dimmed">
          {t('payments.popup.hint')}
        </Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="subtle" onClick={() => choose('later')}>
            {t('payments.popup.later')}
          </Button>
          <Button variant="default" onClick={() => choose('deactivate')}>
            {t('payments.popup.deactivate')}
          </Button>
          <Button onClick={() => choose('pay')} data-autofocus>
            {t('payments.popup.pay')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
