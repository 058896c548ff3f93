import { Container, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';

import { LoadErrorAlert, LoadingSkeleton } from '@/components/ui/query-states';
import { useDispatchBoard } from '@/features/dispatch/api/get-dispatch-board';
import { DayNavigator } from '@/features/dispatch/components/day-navigator';
import { DispatchBoard } from '@/features/dispatch/components/dispatch-board';
import { ShiftHoursDialog } from '@/features/dispatch/components/shift-hours-dialog';
import { useShownDay } from '@/features/dispatch/use-shown-day';
import { useLanguage, useTranslation } from '@/lib/i18n';
import { useDocumentMeta } from '@/lib/use-page-meta';

/**
 * The dispatch board (issue 13, admin): a day or a week, one lane per employee with their shifts and
 * jobs, the unassigned visits on top, and every visit reassignable from the keyboard. The day and the
 * view live in the address (`/dispatch?date=2027-03-10&view=week`).
 */
export function DispatchRoute() {
  const { t } = useTranslation();
  const { title } = useDocumentMeta('dispatch.title', 'dispatch.description');
  const locale = useLanguage();
  const { timeZone, today, date, view, show } = useShownDay();
  const board = useDispatchBoard(date, view);

  let content;
  if (board.isError || timeZone.isError) {
    content = (
      <LoadErrorAlert
        title={t('dispatch.errors.loadTitle')}
        message={t('dispatch.errors.load')}
        onRetry={() => {
          void timeZone.refetch();
          void board.refetch();
        }}
      />
    );
  } else if (!board.data) {
    content = <LoadingSkeleton count={5} height={72} />;
  } else {
    content = <DispatchBoard board={board.data} locale={locale} />;
  }

  return (
    <Container fluid px={{ base: 'sm', sm: 'xl' }} py={{ base: 'xl', sm: 40 }} maw={1600}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" gap="md">
          <Stack gap={4} maw={720}>
            <Title order={1}>{title}</Title>
            <Text c="dimmed">{t('dispatch.intro')}</Text>
            {board.data && (
              <Text size="sm" c="dimmed">
                {t('dispatch.timeZoneNote', { timeZone: board.data.timeZone })}
              </Text>
            )}
          </Stack>
          <ShiftHoursDialog timeZone={timeZone.data} />
        </Group>
        {date && today && (
          <Group gap="md" align="flex-end" wrap="wrap">
            <DayNavigator
              date={date}
              today={today}
              view={view}
              locale={locale}
              onChange={(next) => {
                show({ date: next, view });
              }}
            />
            <SegmentedControl
              aria-label={t('dispatch.view.label')}
              value={view}
              onChange={(next) => {
                show({ date, view: next === 'week' ? 'week' : 'day' });
              }}
              data={[
                { value: 'day', label: t('dispatch.view.day') },
                { value: 'week', label: t('dispatch.view.week') },
              ]}
            />
          </Group>
        )}
        <div aria-busy={board.isFetching && !board.isPending ? 'true' : undefined}>{content}</div>
      </Stack>
    </Container>
  );
}
