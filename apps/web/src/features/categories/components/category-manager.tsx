import { useContractForm } from '@clinic/client/contract-form';
import { rules, saveCategory, type Category } from '@clinic/contract';
import { Alert, Button, Group, Loader, Modal, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../shared/forms/text-field.tsx';
import { showSuccess } from '../../../shared/notices/banners.ts';
import { ConfirmModal } from '../../../shared/ui/confirm-modal.tsx';
import { DeleteButton } from '../../../shared/ui/delete-button.tsx';
import { useCategories, useRemoveCategory, useSaveCategory } from '../api/categories.ts';

/** A category name form: creates one, or renames `category`. */
function CategoryNameForm({
  category,
  onDone,
  label,
  submitLabel,
}: {
  category?: Category;
  onDone?: () => void;
  label: string;
  submitLabel: string;
}): ReactElement {
  const { t } = useTranslation();
  const save = useSaveCategory();
  const form = useContractForm({
    initialValues: { categoryName: category?.categoryName ?? '' },
    schema: saveCategory.request,
    toRequest: (values) => ({ seqCategory: category?.seqCategory, ...values }),
    send: save.mutateAsync,
    onReply: (_reply, form) => {
      showSuccess(category ? t('categories.renamed') : t('categories.created'));
      form.setValue('categoryName', '');
      onDone?.();
    },
  });
  const { errors } = form;

  return (
    <form noValidate onSubmit={form.onSubmit} aria-label={submitLabel}>
      <Group align="flex-start" gap="sm">
        <TextField
          label={label}
          value={form.values.categoryName}
          onChange={(value) => form.setValue('categoryName', value)}
          maxLength={rules.categoryNameMax}
          error={errors.categoryName ?? errors.seqCategory}
          style={{ flex: 1 }}
          data-autofocus
        />
        <Button type="submit" mt={25} loading={save.isPending}>
          {submitLabel}
        </Button>
      </Group>
    </form>
  );
}

/** Category management: the clinician's own labels for grouping patients (create, rename, remove). */
export function CategoryManager(): ReactElement {
  const { t } = useTranslation();
  const categories = useCategories();
  const remove = useRemoveCategory();
  const [renaming, setRenaming] = useState<Category>();
  const [removing, setRemoving] = useState<Category>();
  const atLimit = (categories.data?.length ?? 0) >= rules.categoriesMax;

  const confirmRemove = async (): Promise<void> => {
    if (!removing) return;
    try {
      await remove.mutateAsync(removing.seqCategory);
      showSuccess(t('categories.removed'));
    } catch {
      // The banner of the HTTP client has said what went wrong.
    }
    setRemoving(undefined);
  };

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="category-manager-heading">
      <Stack gap="md">
        <div>
          <Title order={3} id="category-manager-heading">
            {t('categories.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('categories.intro')}
          </Text>
        </div>
        {atLimit ? (
          <Alert color="yellow">{t('categories.limit', { max: rules.categoriesMax })}</Alert>
        ) : (
          <CategoryNameForm label={t('categories.newName')} submitLabel={t('categories.create')} />
        )}
        {categories.isPending && <Loader size="sm" role="status" aria-label={t('common.loading')} />}
        {categories.data?.length === 0 && <Text c="dimmed">{t('categories.empty')}</Text>}
        {categories.data && categories.data.length > 0 && (
          <Table aria-labelledby="category-manager-heading">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('categories.name')}</Table.Th>
                <Table.Th w={120}>{t('categories.patients')}</Table.Th>
                <Table.Th w={160}>
                  <VisuallyHidden>{t('categories.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {categories.data.map((category) => (
                <Table.Tr key={category.seqCategory}>
                  <Table.Td>{category.categoryName}</Table.Td>
                  <Table.Td>{category.patientCount}</Table.Td>
                  <Table.Td>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <Button
                        size="xs"
                        variant="subtle"
                        onClick={() => setRenaming(category)}
                        aria-label={t('categories.renameNamed', { name: category.categoryName })}
                      >
                        {t('categories.rename')}
                      </Button>
                      <DeleteButton
                        label={t('categories.removeNamed', { name: category.categoryName })}
                        onClick={() => setRemoving(category)}
                      />
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
      <Modal opened={renaming !== undefined} onClose={() => setRenaming(undefined)} title={t('categories.renameTitle')}>
        {renaming && (
          <CategoryNameForm
            key={renaming.seqCategory}
            category={renaming}
            label={t('categories.name')}
            submitLabel={t('categories.saveName')}
            onDone={() => setRenaming(undefined)}
          />
        )}
      </Modal>
      <ConfirmModal
        opened={removing !== undefined}
        title={t('categories.removeTitle')}
        body={t('categories.removeBody', { name: removing?.categoryName ?? '' })}
        onClose={() => setRemoving(undefined)}
        onConfirm={() => void confirmRemove()}
        loading={remove.isPending}
      />
    </Paper>
  );
}
