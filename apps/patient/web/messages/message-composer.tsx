import { useContractForm } from '@clinic/client/contract-form';
import { fileSizeText } from '@clinic/client/message-files';
import { attachmentTypes, messageRules, sendMyMessage, type MessageAttachment } from '@clinic/contract';
import { Alert, Button, CloseButton, FileButton, Group, Stack, Text, Textarea } from '@mantine/core';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { errorTextOf } from '../api/error-text.ts';
import { currentLanguage, messageText } from '../i18n/i18n.ts';
import { showToast } from '../notices/toasts.ts';
import { flushOutbox, outbox, queueWrite } from '../offline/outbox.ts';
import { uploadAttachment } from './messages-api.ts';

/**
 * Writes a message to the clinician: up to 4,000 characters and files (PDF, JPEG, PNG of at most
 * 10 MB, uploaded as they are chosen, which needs a connection). The message goes through the outbox
 * with the idempotency key chosen as it is sent: written offline, it is sent once the phone is back
 * online, and a reply lost on the way adds nothing.
 */
export function MessageComposer({ seqMedicalRelation }: { seqMedicalRelation: number }): ReactElement {
  const { t } = useTranslation();
  const [attachments, setAttachments] = useState<MessageAttachment[]>([]);
  const [uploading, setUploading] = useState(0);
  const [fileRefusals, setFileRefusals] = useState<string[]>([]);
  const [saveFailed, setSaveFailed] = useState(false);
  const form = useContractForm({
    initialValues: { text: '' },
    schema: sendMyMessage.request,
    toRequest: (values) => ({
      seqMedicalRelation,
      idempotencyKey: crypto.randomUUID(),
      text: values.text,
      attachmentIds: attachments.map((attachment) => attachment.id),
    }),
    fieldNames: { attachmentIds: 'text' },
    send: (request) => queueWrite(sendMyMessage, request),
    // Kept on the phone: the composer is free for the next message, and the patient hears how sending went.
    onReply: (entry, current) => {
      current.reset();
      setAttachments([]);
      setFileRefusals([]);
      void flushOutbox()
        .catch(() => undefined)
        .then(() => {
          const kept = outbox.entries().find((waiting) => waiting.idempotencyKey === entry.idempotencyKey);
          if (kept?.refusal) current.setFailure(kept.refusal.failedCode || 'CM0500');
          else if (kept) showToast({ color: 'yellow', message: t('messages.savedOffline') });
        });
    },
    onError: () => setSaveFailed(true),
  });

  const addFiles = async (files: File[]): Promise<void> => {
    const refusals: string[] = [];
    const room = messageRules.attachmentsMax - attachments.length - uploading;
    if (files.length > room) refusals.push(messageText('validation.too_many_attachments'));
    const wanted = files.slice(0, Math.max(0, room)).filter((file) => {
      if (file.size <= messageRules.attachmentMaxBytes) return true;
      refusals.push(
        t('messages.composer.fileTooLarge', { name: file.name, max: fileSizeText(messageRules.attachmentMaxBytes) }),
      );
      return false;
    });
    setFileRefusals(refusals);
    setUploading((count) => count + wanted.length);
    await Promise.all(
      wanted.map(async (file) => {
        try {
          const result = await uploadAttachment(seqMedicalRelation, file);
          if ('attachment' in result) setAttachments((current) => [...current, result.attachment]);
          else setFileRefusals((current) => [...current, `${file.name}: ${messageText(result.failedCode)}`]);
        } catch (error) {
          const text = errorTextOf(error, currentLanguage());
          setFileRefusals((current) => [...current, `${file.name}: ${text.text ?? t(text.key)}`]);
        } finally {
          setUploading((count) => count - 1);
        }
      }),
    );
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        setSaveFailed(false);
        form.onSubmit(event);
      }}
      aria-label={t('messages.composer.label')}
    >
      <Stack gap="xs">
        {(form.failure || saveFailed) && (
          <Alert color="red" role="alert">
            {form.failure ? messageText(form.failure) : t('messages.saveFailed')}
          </Alert>
        )}
        <Textarea
          label={t('messages.composer.text')}
          size="md"
          autosize
          minRows={2}
          maxRows={8}
          maxLength={messageRules.textMax}
          value={form.values.text}
          onChange={(event) => form.setValue('text', event.currentTarget.value)}
          description={t('messages.composer.counter', { count: form.values.text.length, max: messageRules.textMax })}
          error={form.errors.text && messageText(form.errors.text)}
        />
        {attachments.length > 0 && (
          <Stack
            gap={4}
            component="ul"
            aria-label={t('messages.composer.files')}
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
          >
            {attachments.map((attachment) => (
              <Group key={attachment.id} component="li" gap="xs" wrap="nowrap" justify="space-between">
                <Text size="sm" style={{ wordBreak: 'break-word' }}>
                  {attachment.fileName} ({fileSizeText(attachment.byteSize)})
                </Text>
                <CloseButton
                  size="lg"
                  aria-label={t('messages.composer.removeFile', { name: attachment.fileName })}
                  onClick={() => setAttachments((current) => current.filter((item) => item.id !== attachment.id))}
                />
              </Group>
            ))}
          </Stack>
        )}
        {fileRefusals.length > 0 && (
          <Alert color="red" role="alert">
            {fileRefusals.map((refusal) => (
              <Text key={refusal} size="sm">
                {refusal}
              </Text>
            ))}
          </Alert>
        )}
        <Group justify="space-between" gap="xs">
          <FileButton onChange={(files) => void addFiles(files)} accept={attachmentTypes.join(',')} multiple>
            {(props) => (
              <Button {...props} variant="default" size="md" loading={uploading > 0}>
                {t('messages.composer.attach')}
              </Button>
            )}
          </FileButton>
          <Button type="submit" size="md" disabled={uploading > 0}>
            {t('messages.composer.send')}
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          {t('messages.composer.hint', { max: fileSizeText(messageRules.attachmentMaxBytes) })}
        </Text>
      </Stack>
    </form>
  );
}
