import type { DispatchVisit, Locale, WorkedShift } from '@eclat/shared';
import { Group, Stack, Text } from '@mantine/core';
import type { CSSProperties } from 'react';

import { statusColor } from '@/lib/appointment-list';
import { StatusBadge } from '@/components/appointments/status-badge';
import { formatBusinessTime } from '@/lib/business-time';
import { NeedsTimeBadge, RecurringMarker } from '@/components/ui/series-markers';
import { useTranslation, type TFunction } from '@/lib/i18n';

import { AssignMenu, type Assignee } from './assign-menu';
import { FieldMarks, FieldTimes } from './field-marks';
import classes from './dispatch-board.module.css';

/** The status colour as a CSS value, for the block's left edge. */
function statusEdge(visit: DispatchVisit): CSSProperties {
  return {
    '--status-color': `var(--mantine-color-${statusColor(visit.status).replace('.', '-')})`,
  } as CSSProperties;
}

/** A visit's start and end as the business clock shows them ("10:00", "10 h 00"). */
export function formatVisitTimes(visit: DispatchVisit, timeZone: string, locale: Locale) {
  return {
    start: formatBusinessTime(visit.startsAt, timeZone, locale),
    end: formatBusinessTime(visit.endsAt, timeZone, locale),
  };
}

/** What every visit of a board needs: the board's time zone, the language, who can take a visit. */
export type BoardContext = { timeZone: string; locale: Locale; assignees: readonly Assignee[] };

/** "Morning 09:00–13:00": a shift worked, with its hours on the business clock. */
export function formatShift(t: TFunction, shift: WorkedShift, { timeZone, locale }: BoardContext): string {
  return t('dispatch.lane.shift', {
    shift: t(`availabilities.shift.${shift.shift}`),
    start: formatBusinessTime(shift.startsAt, timeZone, locale),
    end: formatBusinessTime(shift.endsAt, timeZone, locale),
  });
}

type VisitBlockProps = {
  visit: DispatchVisit;
  board: BoardContext;
  /** Where it sits (the day view's position on the axis); none in a week's cell. */
  style?: CSSProperties;
  /** `visit` on the axis, `card` in a list. */
  variant: 'visit' | 'card';
  /** Tells two appearances of one visit apart (a visit with two employees shows in both lanes). */
  idPrefix: string;
};

/**
 * One visit on the board: time, customer, services, address, when the cleaner arrived and left (marked
 * when late or early, decision 063) and status, and "Assign to…". An article
 * named by its title ("10:00–12:00 Jean Tremblay") so a screen reader finds it by time and customer.
 */
export function VisitBlock({ visit, board, style, variant, idPrefix }: VisitBlockProps) {
  const { t } = useTranslation();
  const { start, end } = formatVisitTimes(visit, board.timeZone, board.locale);
  const customer = `${visit.customerFirstName} ${visit.customerLastName}`;
  const titleId = `${idPrefix}-${visit.appointmentId}`;
  return (
    <li className={classes[variant]} style={{ ...statusEdge(visit), ...style }} aria-labelledby={titleId}>
      <Stack gap={2} align="flex-start">
        <Group gap={4} wrap="nowrap" align="flex-start">
          <Text id={titleId} size="xs" fw={700} lh={1.3}>
            {t('dispatch.visit.title', { start, end, customer })}
          </Text>
          {visit.seriesId && <RecurringMarker size={14} />}
        </Group>
        <Text size="xs" lh={1.3}>
          {visit.services}
        </Text>
        <Text size="xs" lh={1.3} c="dimmed">
          {visit.address ?? t('dispatch.visit.noAddress')}
        </Text>
        <FieldTimes visit={visit} timeZone={board.timeZone} locale={board.locale} />
        <Group gap={4} wrap="wrap">
          <StatusBadge status={visit.status} size="xs" />
          {visit.needsTime && <NeedsTimeBadge size="xs" />}
          <FieldMarks visit={visit} />
          <AssignMenu
            visit={visit}
            assignees={board.assignees}
            visitLabel={t('dispatch.visit.label', { customer, start })}
            describedBy={titleId}
          />
        </Group>
      </Stack>
    </li>
  );
}
