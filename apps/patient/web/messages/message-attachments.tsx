import { fileSizeText, openFetchedFile } from '@clinic/client/message-files';
import type { MessageAttachment } from '@clinic/contract';
import { Button, Group, UnstyledButton } from '@mantine/core';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/client.ts';
import { errorTextOf } from '../api/error-text.ts';
import { currentLanguage } from '../i18n/i18n.ts';
import { showToast } from '../notices/toasts.ts';
import { PhotoThumb } from '../files/photo-thumb.tsx';

/** Opens a message's file in a new tab, fetched with the session; a failure says why. */
async function openAttachment(attachment: MessageAttachment, fallback: () => string): Promise<void> {
  try {
    await openFetchedFile(() => api.fetchFile(attachment.url), attachment.fileName);
  } catch (error) {
    const text = errorTextOf(error, currentLanguage());
    showToast({ color: 'red', message: text.text ?? fallback() });
  }
}

/** A message's files: images as thumbnails, PDFs by name; each opens in a new tab. */
export function MessageAttachments({ attachments }: { attachments: MessageAttachment[] }): ReactElement | null {
  const { t } = useTranslation();
  if (attachments.length === 0) return null;
  const failed = (): string => t('messages.fileFailed');
  return (
    <Group gap="xs" mt={6}>
      {attachments.map((attachment) => {
        const label = t('messages.openFile', { name: attachment.fileName, size: fileSizeText(attachment.byteSize) });
        return attachment.thumbnailUrl ? (
          <UnstyledButton
            key={attachment.id}
            aria-label={label}
            title={label}
            w={112}
            style={{ borderRadius: 4 }}
            onClick={() => void openAttachment(attachment, failed)}
          >
            <PhotoThumb path={attachment.thumbnailUrl} alt="" height={112} />
          </UnstyledButton>
        ) : (
          <Button
            key={attachment.id}
            size="md"
            variant="light"
            title={label}
            style={{ maxWidth: '100%' }}
            onClick={() => void openAttachment(attachment, failed)}
          >
            {attachment.fileName} ({fileSizeText(attachment.byteSize)})
          </Button>
        );
      })}
    </Group>
  );
}
