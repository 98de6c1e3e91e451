import { type PatientSchedule } from '@clinic/contract';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { showToast } from '../notices/toasts.ts';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { errorTextOf } from '../api/error-text.ts';
import { useCancel } from '../api/visits.ts';
import { currentLanguage, messageText } from '../i18n/i18n.ts';
import { formatDateTime } from '../visits/visits.ts';

/** Asks before cancelling a waiting visit. */
export function CancelDialog({ visit, onClose }: { visit?: PatientSchedule; onClose: () => void }): ReactElement {
  const { t, i18n } = useTranslation();
  const cancel = useCancel();
  const [failure, setFailure] = useState<string>();

  const close = (): void => {
    setFailure(undefined);
    cancel.reset();
    onClose();
  };

  const confirm = async (): Promise<void> => {
    if (!visit) return;
    setFailure(undefined);
    try {
      const reply = await cancel.mutateAsync(visit.seqSchedule);
      if (!reply.isSuccess) {
        setFailure(messageText(reply.failedCode));
        return;
      }
      showToast({ color: 'teal', message: t('visit.cancelled') });
      close();
    } catch (error) {
      const text = errorTextOf(error, currentLanguage());
      setFailure(text.text ?? t(text.key));
    }
  };

  return (
    // Its own buttons say what closing means (keep the visit); no unnamed cross beside them.
    <Modal opened={visit !== undefined} onClose={close} title={t('visit.cancelTitle')} centered withCloseButton={false}>
      {visit && (
        <Stack gap="md">
          <Text size="sm">
            {t('visit.cancelBody', {
              clinician: visit.managerName,
              date: formatDateTime(visit.scheduleExpectStartDatetime, i18n.language),
            })}
          </Text>
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={close}>
              {t('visit.keep')}
            </Button>
            <Button color="red" loading={cancel.isPending} onClick={() => void confirm()}>
              {t('visit.cancelConfirm')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
