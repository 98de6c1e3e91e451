import { Alert, Button, CopyButton, Group, List, Stack, Text } from '@mantine/core';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../dates/date-format.ts';
import { downloadFile } from '../excel/write-workbook.ts';

/** While the codes are on screen, printing shows them alone, without the app or their buttons. */
const printCss = `
@media print {
  body * { visibility: hidden; }
  .recovery-codes, .recovery-codes * { visibility: visible; }
  .recovery-codes { position: absolute; inset: 0 auto auto 0; width: 100%; }
  .recovery-codes-actions { display: none !important; }
}`;

interface RecoveryCodesProps {
  codes: string[];
  /** The e-mail of the account the codes open, named in the saved file. */
  email: string;
}

/** Recovery codes as the server answers them, this once: each logs in once in place of a code. */
export function RecoveryCodes({ codes, email }: RecoveryCodesProps): ReactElement {
  const { t, i18n } = useTranslation();
  const lines = codes.join('\n');
  const download = () => {
    const date = formatDate(new Date().toISOString(), i18n.language);
    const heading = t('secondFactor.recovery.fileHeading', { email, date });
    downloadFile(`${heading}\n\n${lines}\n`, 'recovery-codes.txt', 'text/plain;charset=utf-8');
  };
  return (
    <Stack gap="sm" className="recovery-codes">
      <style>{printCss}</style>
      <Alert color="yellow" title={t('secondFactor.recovery.title')}>
        <Text size="sm">{t('secondFactor.recovery.keep')}</Text>
      </Alert>
      <List aria-label={t('secondFactor.recovery.listLabel')} ff="monospace" spacing={2} listStyleType="none">
        {codes.map((code) => (
          <List.Item key={code}>{code}</List.Item>
        ))}
      </List>
      <Group gap="xs" className="recovery-codes-actions">
        <CopyButton value={lines}>
          {({ copied, copy }) => (
            <Button variant="default" size="xs" color={copied ? 'teal' : undefined} onClick={copy}>
              {copied ? t('secondFactor.recovery.copied') : t('secondFactor.recovery.copy')}
            </Button>
          )}
        </CopyButton>
        <Button variant="default" size="xs" onClick={download}>
          {t('secondFactor.recovery.download')}
        </Button>
        <Button variant="default" size="xs" onClick={() => window.print()}>
          {t('secondFactor.recovery.print')}
        </Button>
      </Group>
    </Stack>
  );
}
