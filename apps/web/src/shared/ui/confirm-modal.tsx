import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';

export interface ConfirmModalProps {
  opened: boolean;
  title: string;
  body: string;
  onConfirm: () => void;
  onClose: () => void;
  /** Labels of the buttons; "Yes" and "No" unless told. */
  yesLabel?: string;
  noLabel?: string;
  danger?: boolean;
  loading?: boolean;
}

/** SPEC 2 yes/no confirm: "No" has the focus, so Enter never destroys anything by accident. */
export function ConfirmModal({
  opened,
  title,
  body,
  onConfirm,
  onClose,
  yesLabel,
  noLabel,
  danger = true,
  loading,
}: ConfirmModalProps): ReactElement {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Stack gap="md">
        <Text size="sm">{body}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            {noLabel ?? t('common.no')}
          </Button>
          <Button color={danger ? 'red' : undefined} loading={loading} onClick={onConfirm}>
            {yesLabel ?? t('common.yes')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
