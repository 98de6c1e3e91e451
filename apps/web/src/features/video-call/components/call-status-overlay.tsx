import { Box, Button, Group, Loader, Text } from '@mantine/core';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { CallStatus } from '../call-status.ts';

/** The call's status over the patient's video, with the ways on once a call has stopped or completed. */
export function CallStatusOverlay({
  status,
  completed,
  busy,
  onBackToWaiting,
  onClose,
}: {
  status: CallStatus;
  /** Waiting again after a call with time: the visit is completed. */
  completed: boolean;
  busy: boolean;
  onBackToWaiting: () => void;
  onClose: () => void;
}): ReactElement {
  const { t } = useTranslation();
  const statusText = completed ? t('videoCall.status.completed') : t(`videoCall.status.${status}`);
  return (
    <Box
      data-testid="call-status"
      data-status={status}
      role="status"
      aria-live="polite"
      pos="absolute"
      left="50%"
      top={status === 'on' ? 12 : '40%'}
      px="md"
      py={6}
      bg={status === 'on' ? 'rgba(0,0,0,0.35)' : 'rgba(0,0,0,0.6)'}
      style={{
        transform: 'translateX(-50%)',
        borderRadius: 8,
        zIndex: 3,
        textAlign: 'center',
        pointerEvents: status === 'stopping' ? 'auto' : 'none',
      }}
    >
      <Group gap="xs" justify="center" wrap="nowrap">
        {(status === 'connecting' || status === 'reconnecting') && <Loader size="xs" color="white" />}
        <Text size={status === 'on' ? 'xs' : 'md'}>{statusText}</Text>
      </Group>
      {status === 'stopping' && !busy && (
        <Group mt="sm" gap="xs" justify="center">
          <Button size="xs" variant="white" color="dark" onClick={onBackToWaiting}>
            {t('videoCall.backToWaiting')}
          </Button>
          <Button size="xs" variant="white" color="dark" onClick={onClose}>
            {t('videoCall.closeWindow')}
          </Button>
        </Group>
      )}
      {completed && (
        <Button mt="sm" size="xs" variant="white" color="dark" onClick={onClose} style={{ pointerEvents: 'auto' }}>
          {t('videoCall.closeWindow')}
        </Button>
      )}
    </Box>
  );
}
