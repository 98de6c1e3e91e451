import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { withLangQuery } from '../../../shared/i18n/language.ts';

/** SPEC 2 "plan upgrade" modal: the active patients reached the plan limit; upgrade or deactivate patients. */
export function PlanUpgradeModal({
  opened,
  onClose,
  activeLimit,
}: {
  opened: boolean;
  onClose: () => void;
  activeLimit: number | undefined;
}): ReactElement {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();

  const deactivate = (): void => {
    onClose();
    void navigate(withLangQuery(`${paths.patientList}?status=active`, location.search));
  };

  const upgrade = (): void => {
    onClose();
    void navigate(withLangQuery(paths.payments, location.search));
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('plan.title')} centered>
      <Stack gap="md">
        <Text size="sm">{activeLimit ? t('plan.bodyLimit', { limit: activeLimit }) : t('plan.body')}</Text>
        <Text size="sm" c="dimmed">
          {t('plan.hint')}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.close')}
          </Button>
          <Button variant="light" onClick={deactivate}>
            {t('plan.deactivate')}
          </Button>
          <Button onClick={upgrade} data-autofocus>
            {t('plan.upgrade')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
