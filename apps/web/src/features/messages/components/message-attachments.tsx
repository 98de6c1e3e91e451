import type { MessageAttachment } from '@clinic/contract';
import { Button, Group, UnstyledButton } from '@mantine/core';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchFile } from '../../../shared/api/api-client.ts';
import { ImagePreview } from '../../../shared/ui/image/authorized-image.tsx';

/** A file's size as people read it: 340 KB, 2.4 MB. */
export function fileSizeText(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** How long an opened file's address stays valid: long enough for the new tab to read it. */
const openedFileLifetimeMs = 60_000;

/**
 * Opens a message's file in a new tab. The file needs the session's token, so the tab opens at
 * once (a later one would be blocked as a pop-up) and is pointed at the fetched bytes.
 */
async function openAttachment(attachment: MessageAttachment): Promise<void> {
  const tab = window.open('', '_blank');
  if (tab) tab.opener = null;
  try {
    const url = URL.createObjectURL(await fetchFile(attachment.url));
    if (tab) tab.location.href = url;
    else {
      const link = document.createElement('a');
      link.href = url;
      link.download = attachment.fileName;
      link.click();
    }
    window.setTimeout(() => URL.revokeObjectURL(url), openedFileLifetimeMs);
  } catch {
    // The HTTP client's banner has said why.
    tab?.close();
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
