import type { Feedback } from '@eclat/shared';
import { Badge, Button, Group, Paper, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';

import { EmptyState, LoadErrorAlert, LoadingSkeleton } from '@/components/ui/query-states';
import { ShowMore } from '@/components/ui/show-more';
import { StarRating } from '@/features/feedback/components/star-rating';
import { toErrorCode } from '@/lib/api-client';
import { formatLongDate } from '@/lib/format';
import { useLanguage } from '@/lib/i18n';

import { useDeleteFeedback } from '../api/delete-feedback';
import { useAllFeedback } from '../api/get-all-feedback';
import { usePublishFeedback } from '../api/publish-feedback';

/** The Feedbacks tab: every review, its visibility on the home page, and deletion (admin). */
export function FeedbackPanel() {
  const { t } = useTranslation();
  const locale = useLanguage();
  const feedback = useAllFeedback();
  const publish = usePublishFeedback();
  const remove = useDeleteFeedback();

  const toggle = (item: Feedback, isVisible: boolean) => {
    publish.mutate(
      { feedbackId: item.feedbackId, status: isVisible ? 'VISIBLE' : 'INVISIBLE' },
      {
        onSuccess: () => {
          notifications.show({
            color: 'teal',
            message: t(isVisible ? 'admin.feedbacks.shown' : 'admin.feedbacks.hidden'),
          });
        },
        onError: () => {
          notifications.show({
            color: 'red',
            title: t('notifications.errorTitle'),
            message: t('admin.feedbacks.toggleError'),
          });
        },
      },
    );
  };

  const confirmDelete = (item: Feedback) => {
    modals.openConfirmModal({
      title: t('admin.feedbacks.delete.title'),
      children: <Text size="sm">{t('admin.feedbacks.delete.text', { author: item.authorName })}</Text>,
      labels: { confirm: t('admin.feedbacks.delete.confirm'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        remove.mutate(item.feedbackId, {
          onSuccess: () => {
            notifications.show({ color: 'teal', message: t('admin.feedbacks.delete.success') });
          },
          onError: () => {
            notifications.show({
              color: 'red',
              title: t('notifications.errorTitle'),
              message: t('admin.feedbacks.delete.error'),
            });
          },
        });
      },
    });
  };

  if (feedback.isPending) {
    return <LoadingSkeleton cols={{ base: 1, sm: 2 }} height={180} radius="md" />;
  }
  if (feedback.isError) {
    const code = toErrorCode(feedback.error);
    return (
      <LoadErrorAlert
        title={t('admin.feedbacks.loadErrorTitle')}
        message={code === 'INTERNAL_ERROR' ? t('admin.feedbacks.loadError') : t(`errors.${code}`)}
        onRetry={() => void feedback.refetch()}
      />
    );
  }
  if (feedback.items.length === 0) {
    return <EmptyState>{t('admin.feedbacks.empty')}</EmptyState>;
  }
  return (
    <Stack gap="md">
      <SimpleGrid component="ul" cols={{ base: 1, sm: 2 }} m={0} p={0} style={{ listStyle: 'none' }}>
        {feedback.items.map((item) => {
          const isVisible = item.status === 'VISIBLE';
          const isToggling = publish.isPending && publish.variables.feedbackId === item.feedbackId;
          return (
            <li key={item.feedbackId}>
              <Paper component="article" withBorder radius="md" p="md" h="100%">
                <Stack gap="sm" h="100%">
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <StarRating stars={item.stars} label={t('feedback.starsLabel', { count: item.stars })} />
                    <Badge variant={isVisible ? 'filled' : 'default'}>
                      {t(`admin.feedbacks.status.${item.status}`)}
                    </Badge>
                  </Group>
                  <Text style={{ flex: 1, overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
                    {item.content}
                  </Text>
                  <Text size="sm" c="dimmed">
                    <Text span fw={700} c="var(--mantine-color-text)">
                      {item.authorName}
                    </Text>
                    {' · '}
                    <time dateTime={item.createdAt}>{formatLongDate(item.createdAt, locale)}</time>
                  </Text>
                  <Group justify="space-between" gap="sm">
                    <Switch
                      label={t('admin.feedbacks.visibleSwitch')}
                      checked={isVisible}
                      disabled={isToggling}
                      onChange={(event) => {
                        toggle(item, event.currentTarget.checked);
                      }}
                    />
                    <Button
                      size="xs"
                      variant="light"
                      color="red"
                      leftSection={<IconTrash size={14} aria-hidden="true" />}
                      aria-label={t('admin.feedbacks.delete.label', { author: item.authorName })}
                      loading={remove.isPending && remove.variables === item.feedbackId}
                      onClick={() => {
                        confirmDelete(item);
                      }}
                    >
                      {t('admin.feedbacks.delete.button')}
                    </Button>
                  </Group>
                </Stack>
              </Paper>
            </li>
          );
        })}
      </SimpleGrid>
      <ShowMore list={feedback} shown={feedback.items.length} />
    </Stack>
  );
}
