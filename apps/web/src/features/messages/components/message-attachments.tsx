import { fileSizeText, openFetchedFile } from '@clinic/client/message-files';
import type { MessageAttachment } from '@clinic/contract';
import { Button, Group, UnstyledButton } from '@mantine/core';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchFile } from '../../../shared/api/api-client.ts';
import { ImagePreview } from '../../../shared/ui/image/authorized-image.tsx';

/** Opens a message's file in a new tab, fetched with the session. */
async function openAttachment(attachment: MessageAttachment): Promise<void> {
  try {
    await openFetchedFile(() => fetchFile(attachment.url), attachment.fileName);
  } catch {
    // The HTTP client's banner has said why.
  }
}

/** A message's files: images as thumbnails, PDFs by name; each opens in a new tab. */
export function MessageAttachments({ attachments }: { attachments: MessageAttachment[] }): ReactElement | null {
  const { t } = useTranslation();
  if (attachments.length === 0) return null;
  return (
    <Group gap="xs" mt={4}>
      {attachments.map((attachment) => {
        const label = t('messaging.openFile', { name: attachment.fileName, size: fileSizeText(attachment.byteSize) });
        return attachment.thumbnailUrl ? (
          <UnstyledButton
            key={attachment.id}
            aria-label={label}
            title={label}
            onClick={() => void openAttachment(attachment)}
          >
            <ImagePreview path={attachment.thumbnailUrl} alt="" width={96} height={96} />
          </UnstyledButton>
        ) : (
          <Button
            key={attachment.id}
            size="compact-sm"
            variant="light"
            title={label}
            onClick={() => void openAttachment(attachment)}
          >
            {attachment.fileName} ({fileSizeText(attachment.byteSize)})
          </Button>
        );
      })}
    </Group>
  );
}
