import { Group, Paper, Stack, Text } from '@mantine/core';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/dates/date-format.ts';
import { showSuccess } from '../../../shared/notices/banners.ts';
import { ConfirmModal } from '../../../shared/ui/confirm-modal.tsx';
import { DeleteButton } from '../../../shared/ui/delete-button.tsx';
import { useDeleteInquiry } from '../api/delete-inquiry.ts';
import { inquiryPageSize, useInquiries } from '../api/list-inquiries.ts';
import { LoadFailed } from '../../../shared/ui/load-failed.tsx';
import { Pager } from '../../../shared/ui/pager.tsx';

/** "My inquiries": the clinician's own, newest first, each removable. */
export function InquiryList(): ReactElement {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const inquiries = useInquiries(page);
  const remove = useDeleteInquiry();
  const [removing, setRemoving] = useState<{ seqBoard: number; title: string }>();

  if (inquiries.isError) return <LoadFailed onRetry={() => void inquiries.refetch()} />;
  if (!inquiries.data) return <Text size="sm">{t('common.loading')}</Text>;
  const { inquiryList, totalCount } = inquiries.data;
  if (totalCount === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('inquiries.list.empty')}
      </Text>
    );

  return (
    <Stack gap="sm">
      <Stack
        gap="xs"
        component="ul"
        aria-label={t('inquiries.list.title')}
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {inquiryList.map((inquiry) => (
          <Paper key={inquiry.seqBoard} withBorder p="sm" component="li" aria-label={inquiry.title}>
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <div style={{ minWidth: 0 }}>
                <Text fw={600} size="sm">
                  {inquiry.title}
                </Text>
                <Text size="xs" c="dimmed">
                  {t(`inquiries.categories.${inquiry.category}`)} · {formatDateTime(inquiry.createdAt, i18n.language)}
                </Text>
                <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {inquiry.content}
                </Text>
              </div>
              <DeleteButton
                label={t('inquiries.list.remove', { title: inquiry.title })}
                onClick={() => setRemoving({ seqBoard: inquiry.seqBoard, title: inquiry.title })}
              />
            </Group>
          </Paper>
        ))}
      </Stack>
      <Pager page={page} size={inquiryPageSize} total={totalCount} onChange={setPage} />
      <ConfirmModal
        opened={removing !== undefined}
        title={t('inquiries.list.removeTitle')}
        body={t('inquiries.list.removeBody', { title: removing?.title ?? '' })}
        danger
        loading={remove.isPending}
        onClose={() => setRemoving(undefined)}
        onConfirm={() => {
          if (!removing) return;
          remove.mutate(removing.seqBoard, {
            onSuccess: () => {
              setRemoving(undefined);
              showSuccess(t('inquiries.list.removed'));
            },
          });
        }}
      />
    </Stack>
  );
}
