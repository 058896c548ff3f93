import type { DispatchBoard as Board, Locale } from '@eclat/shared';
import { Group, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';

import { EmptyState } from '@/components/ui/query-states';
import { formatDay } from '@/lib/format-day';
import { useTranslation } from '@/lib/i18n';

import { boardAssignees, hasVisits } from '../board-layout';
import { dropFocusAfterMove } from './assign-menu';
import { DayLanes } from './day-lanes';
import classes from './dispatch-board.module.css';
import { WeekTable } from './week-table';

/** What the hatching and the green bands mean: the picture alone says nothing to a screen reader. */
function Legend({ bufferMinutes }: { bufferMinutes: number }) {
  const { t } = useTranslation();
  return (
    <Group gap="lg" wrap="wrap">
      <Text size="xs" className={classes.legend}>
        <span className={`${classes.legendSwatch} ${classes.shift}`} aria-hidden="true" />
        {t('dispatch.legend.shift')}
      </Text>
      {bufferMinutes > 0 && (
        <Text size="xs" className={classes.legend}>
          <span className={`${classes.legendSwatch} ${classes.buffer}`} aria-hidden="true" />
          {t('dispatch.legend.buffer', { minutes: bufferMinutes })}
        </Text>
      )}
    </Group>
  );
}

/** The board of a day (lanes on a time axis) or of a week (a table of days), with its legend. */
export function DispatchBoard({ board, locale }: { board: Board; locale: Locale }) {
  const { t } = useTranslation();
  const context = { timeZone: board.timeZone, locale, assignees: boardAssignees(board.days) };
  const isEmpty = !board.days.some(hasVisits);
  // A moved visit's new block took the focus in this drawing (its effect ran first), or it is not here.
  useEffect(() => {
    dropFocusAfterMove();
  }, [board]);

  if (board.view === 'week') {
    const caption = t('dispatch.week.caption', {
      from: formatDay(board.from, locale),
      to: formatDay(board.to, locale),
    });
    return (
      <Stack gap="sm">
        <Title order={2} size="h4" id="dispatch-week-caption">
          {caption}
        </Title>
        {isEmpty && <EmptyState>{t('dispatch.emptyWeek')}</EmptyState>}
        <WeekTable days={board.days} board={context} caption={caption} captionId="dispatch-week-caption" />
      </Stack>
    );
  }

  return (
    <Stack gap="sm">
      {board.days.map((day) => (
        <Stack key={day.date} gap="sm">
          <Title order={2} size="h4">
            <time dateTime={day.date}>{formatDay(day.date, locale)}</time>
          </Title>
          {!hasVisits(day) && <EmptyState>{t('dispatch.emptyDay')}</EmptyState>}
          <Legend bufferMinutes={board.bufferMinutes} />
          <DayLanes day={day} bufferMinutes={board.bufferMinutes} board={context} />
        </Stack>
      ))}
      {isEmpty && board.days.length === 0 && <EmptyState>{t('dispatch.emptyDay')}</EmptyState>}
    </Stack>
  );
}
