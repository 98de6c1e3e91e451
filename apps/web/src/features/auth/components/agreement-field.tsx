import { Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';

export type AgreementKind = 'terms' | 'privacy' | 'personalInfo' | 'provider';

export interface AgreementFieldProps {
  kind: AgreementKind;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string | undefined;
}

/** One sign-up agreement: a checkbox and a button that opens the full text. */
export function AgreementField({ kind, checked, onChange, error }: AgreementFieldProps): ReactElement {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const title = t(`agreements.${kind}.title`);
  const paragraphs = t(`agreements.${kind}.body`).split('\n\n');

  return (
    <>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Checkbox
          checked={checked}
          onChange={(event) => onChange(event.currentTarget.checked)}
          label={t(`agreements.${kind}.checkbox`)}
          error={error}
        />
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={() => setOpen(true)}
          aria-label={t('agreements.viewNamed', { title })}
        >
          {t('agreements.view')}
        </Button>
      </Group>
      <Modal opened={open} onClose={() => setOpen(false)} title={title} size="lg">
        <Stack gap="sm">
          {paragraphs.map((paragraph) => (
            <Text key={paragraph} size="sm">
              {paragraph}
            </Text>
          ))}
          <Group justify="flex-end" mt="sm">
            <Button
              onClick={() => {
                onChange(true);
                setOpen(false);
              }}
            >
              {t('agreements.agree')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
