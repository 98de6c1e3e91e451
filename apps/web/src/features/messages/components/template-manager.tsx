import { useContractForm } from '@clinic/client/contract-form';
import { addMessageTemplate, messageRules, templateVariables, type MessageTemplate } from '@clinic/contract';
import { Button, Card, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../shared/forms/text-field.tsx';
import { TextareaField } from '../../../shared/forms/textarea-field.tsx';
import { showSuccess } from '../../../shared/notices/banners.ts';
import { ConfirmModal } from '../../../shared/ui/confirm-modal.tsx';
import { DeleteButton } from '../../../shared/ui/delete-button.tsx';
import { LoadFailed } from '../../../shared/ui/load-failed.tsx';
import { useMessageTemplates, useRemoveTemplate, useSaveTemplate } from '../api/templates.ts';

const variableList = templateVariables.map((name) => `{${name}}`).join(', ');

function TemplateForm({ template, onClose }: { template: MessageTemplate | null; onClose: () => void }): ReactElement {
  const { t } = useTranslation();
  const save = useSaveTemplate();
  const form = useContractForm({
    initialValues: { title: template?.title ?? '', body: template?.body ?? '' },
    schema: addMessageTemplate.request,
    send: (fields) => save.mutateAsync({ seqMessageTemplate: template?.seqMessageTemplate, fields }),
    onReply: () => {
      showSuccess(template ? t('messaging.templates.updated') : t('messaging.templates.added'));
      onClose();
    },
  });
  const heading = template ? t('messaging.templates.editTitle') : t('messaging.templates.addTitle');
  return (
    <Modal opened onClose={onClose} title={heading} size="lg">
      <form noValidate onSubmit={form.onSubmit} aria-label={heading}>
        <Stack gap="sm">
          <TextField
            label={t('messaging.templates.titleField')}
            value={form.values.title}
            onChange={(value) => form.setValue('title', value)}
            maxLength={messageRules.templateTitleMax}
            error={form.errors.title}
            required
            data-autofocus
          />
          <TextareaField
            label={t('messaging.templates.bodyField')}
            value={form.values.body}
            onChange={(value) => form.setValue('body', value)}
            maxLength={messageRules.textMax}
            minRows={5}
            error={form.errors.body}
            required
          />
          <Text size="xs" c="dimmed">
            {t('messaging.templates.variables', { variables: variableList })}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('messaging.templates.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** My page: the clinician's reply templates, to add, change and remove. */
export function TemplateManager(): ReactElement {
  const { t } = useTranslation();
  const templates = useMessageTemplates();
  const remove = useRemoveTemplate();
  const [editing, setEditing] = useState<MessageTemplate | null>();
  const [removing, setRemoving] = useState<MessageTemplate>();

  const confirmRemove = async (): Promise<void> => {
    if (!removing) return;
    try {
      await remove.mutateAsync(removing.seqMessageTemplate);
      showSuccess(t('messaging.templates.removed'));
    } catch {
      // The HTTP client's banner has said what went wrong.
    }
    setRemoving(undefined);
  };

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('messaging.templates.intro')}
      </Text>
      {templates.isPending && <Loader size="sm" role="status" aria-label={t('common.loading')} />}
      {templates.isError && <LoadFailed onRetry={() => void templates.refetch()} />}
      {templates.data?.length === 0 && <Text c="dimmed">{t('messaging.templates.none')}</Text>}
      {templates.data && templates.data.length > 0 && (
        <Stack component="ul" gap="xs" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {templates.data.map((template) => (
            <Card key={template.seqMessageTemplate} component="li" withBorder padding="sm" aria-label={template.title}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Text fw={600}>{template.title}</Text>
                <Group gap={4} wrap="nowrap">
                  <Button
                    size="xs"
                    variant="subtle"
                    aria-label={t('messaging.templates.edit', { title: template.title })}
                    onClick={() => setEditing(template)}
                  >
                    {t('messaging.templates.editShort')}
                  </Button>
                  <DeleteButton
                    label={t('messaging.templates.remove', { title: template.title })}
                    onClick={() => setRemoving(template)}
                  />
                </Group>
              </Group>
              <Text size="sm" c="dimmed" lineClamp={3} style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                {template.body}
              </Text>
            </Card>
          ))}
        </Stack>
      )}
      <Group>
        <Button onClick={() => setEditing(null)}>{t('messaging.templates.add')}</Button>
      </Group>
      {editing !== undefined && <TemplateForm template={editing} onClose={() => setEditing(undefined)} />}
      <ConfirmModal
        opened={removing !== undefined}
        title={t('messaging.templates.removeTitle')}
        body={t('messaging.templates.removeBody', { title: removing?.title ?? '' })}
        loading={remove.isPending}
        onConfirm={() => void confirmRemove()}
        onClose={() => setRemoving(undefined)}
      />
    </Stack>
  );
}
