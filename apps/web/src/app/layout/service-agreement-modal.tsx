import { Modal, ScrollArea, Stack, Text, Title } from '@mantine/core';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';

const parts = ['terms', 'privacy', 'personalInfo'] as const;

/** Menu "service use agreement": the terms agreed to at sign-up, in the reader's language. */
export function ServiceAgreementModal({ opened, onClose }: { opened: boolean; onClose: () => void }): ReactElement {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('menu.agreement')}
      size="lg"
      centered
      scrollAreaComponent={ScrollArea.Autosize}
    >
      <Stack gap="lg">
        {parts.map((part) => (
          <section key={part} aria-labelledby={`agreement-${part}`}>
            <Title order={3} size="h5" id={`agreement-${part}`} mb="xs">
              {t(`agreements.${part}.title`)}
            </Title>
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {t(`agreements.${part}.body`)}
            </Text>
          </section>
        ))}
      </Stack>
    </Modal>
  );
}
