import { useContractForm } from '@clinic/client/contract-form';
import { fileSizeText } from '@clinic/client/message-files';
import { attachmentTypes, messageRules, sendMessage, type MessageAttachment } from '@clinic/contract';
import { Alert, Button, CloseButton, FileButton, Group, Menu, Stack, Text } from '@mantine/core';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { TextareaField } from '../../../shared/forms/textarea-field.tsx';
import { withLangQuery } from '../../../shared/i18n/language.ts';
import { useMessage } from '../../../shared/i18n/use-message.ts';
import { uploadAttachment, useSendMessage } from '../api/messages.ts';
import { templatesSectionId, useMessageTemplates } from '../api/templates.ts';

/** Picks one of the clinician's templates into the composer; its variables are filled when sent. */
function TemplatePicker({ onPick }: { onPick: (body: string) => void }): ReactElement {
  const { t } = useTranslation();
  const location = useLocation();
  const templates = useMessageTemplates();
  return (
    <Menu position="top-start" withinPortal>
      <Menu.Target>
        <Button variant="default" size="xs">
          {t('messaging.templates.insert')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {templates.data?.map((template) => (
          <Menu.Item key={template.seqMessageTemplate} onClick={() => onPick(template.body)}>
            {template.title}
          </Menu.Item>
        ))}
        {templates.data?.length === 0 && <Menu.Label>{t('messaging.templates.none')}</Menu.Label>}
        {templates.isError && <Menu.Label>{t('messaging.templates.loadFailed')}</Menu.Label>}
        <Menu.Divider />
        <Menu.Item component={Link} to={withLangQuery(`${paths.options}#${templatesSectionId}`, location.search)}>
          {t('messaging.templates.manage')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/**
 * Writes a message to the patient: up to 4,000 characters, files (PDF, JPEG, PNG of at most 10 MB,
 * uploaded as they are chosen) and templates. One message keeps its idempotency key until the
 * server has taken it, so sending it again after a lost reply adds nothing.
 */
export function MessageComposer({ seqMedicalRelation }: { seqMedicalRelation: number }): ReactElement {
  const { t } = useTranslation();
  const message = useMessage();
  const send = useSendMessage(seqMedicalRelation);
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const [attachments, setAttachments] = useState<MessageAttachment[]>([]);
  const [uploading, setUploading] = useState(0);
  const [fileRefusals, setFileRefusals] = useState<string[]>([]);
  const form = useContractForm({
    initialValues: { text: '' },
    schema: sendMessage.request,
    toRequest: (values) => ({
      seqMedicalRelation,
      idempotencyKey,
      text: values.text,
      attachmentIds: attachments.map((attachment) => attachment.id),
    }),
    fieldNames: { attachmentIds: 'text' },
    send: (request) => send.mutateAsync(request),
    onReply: (reply, current) => {
      if (!reply.isSuccess) {
        current.setFailure(reply.failedCode);
        return;
      }
      current.reset();
      setAttachments([]);
      setFileRefusals([]);
      setIdempotencyKey(crypto.randomUUID());
    },
  });

  const addFiles = async (files: File[]): Promise<void> => {
    const refusals: string[] = [];
    const room = messageRules.attachmentsMax - attachments.length - uploading;
    if (files.length > room) refusals.push(message('validation.too_many_attachments') ?? '');
    const wanted = files.slice(0, Math.max(0, room)).filter((file) => {
      if (file.size <= messageRules.attachmentMaxBytes) return true;
      refusals.push(
        t('messaging.fileTooLarge', { name: file.name, max: fileSizeText(messageRules.attachmentMaxBytes) }),
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
          else setFileRefusals((current) => [...current, `${file.name}: ${message(result.failedCode) ?? ''}`]);
        } catch {
          // The HTTP client's banner has said why.
        } finally {
          setUploading((count) => count - 1);
        }
      }),
    );
  };

  const insert = (body: string): void => {
    const text = form.values.text;
    form.setValue('text', text.trim() === '' ? body : `${text.replace(/\s+$/, '')}\n${body}`);
  };

  return (
    <form noValidate onSubmit={form.onSubmit} aria-label={t('messaging.composer.label')}>
      <Stack gap="xs">
        {form.failure && (
          <Alert color="red" role="alert">
            {message(form.failure)}
          </Alert>
        )}
        <TextareaField
          label={t('messaging.composer.text')}
          value={form.values.text}
          onChange={(value) => form.setValue('text', value)}
          maxLength={messageRules.textMax}
          minRows={3}
          error={form.errors.text}
        />
        {attachments.length > 0 && (
          <Group
            gap="xs"
            component="ul"
            aria-label={t('messaging.composer.files')}
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
          >
            {attachments.map((attachment) => (
              <Group key={attachment.id} component="li" gap={4} wrap="nowrap">
                <Text size="sm">
                  {attachment.fileName} ({fileSizeText(attachment.byteSize)})
                </Text>
                <CloseButton
                  size="sm"
                  aria-label={t('messaging.composer.removeFile', { name: attachment.fileName })}
                  onClick={() => setAttachments((current) => current.filter((item) => item.id !== attachment.id))}
                />
              </Group>
            ))}
          </Group>
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
        <Group justify="space-between">
          <Group gap="xs">
            <FileButton onChange={(files) => void addFiles(files)} accept={attachmentTypes.join(',')} multiple>
              {(props) => (
                <Button {...props} variant="default" size="xs" loading={uploading > 0}>
                  {t('messaging.composer.attach')}
                </Button>
              )}
            </FileButton>
            <TemplatePicker onPick={insert} />
          </Group>
          <Button type="submit" loading={send.isPending} disabled={uploading > 0}>
            {t('messaging.composer.send')}
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          {t('messaging.composer.hint', { max: fileSizeText(messageRules.attachmentMaxBytes) })}
        </Text>
      </Stack>
    </form>
  );
}
