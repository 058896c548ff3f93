import type { DispatchDay, DispatchVisit, Locale, WorkedShift } from '@eclat/shared';
import { Text } from '@mantine/core';
import type { CSSProperties } from 'react';

import { formatBusinessTime } from '@/features/appointments/time';
import { formatDay } from '@/features/availabilities/day';
import { useTranslation } from '@/lib/i18n';

import { sortVisits, weekRows } from '../board-layout';
import type { Assignee } from './assign-menu';
import classes from './dispatch-board.module.css';
import { VisitBlock } from './visit-block';

type WeekTableProps = {
  days: readonly DispatchDay[];
  timeZone: string;
  locale: Locale;
  assignees: readonly Assignee[];
  /** "Week from Monday, March 8, 2027 to Sunday, March 14, 2027": names the board. */
  caption: string;
  /** The id of the heading that says so: the table's name. */
  captionId: string;
};

type CellProps = {
  visits: readonly DispatchVisit[];
  shifts?: readonly WorkedShift[];
  idPrefix: string;
} & Pick<WeekTableProps, 'timeZone' | 'locale' | 'assignees'>;

function Cell({ visits, shifts = [], idPrefix, timeZone, locale, assignees }: CellProps) {
  const { t } = useTranslation();
  return (
    <td>
      {shifts.map((shift) => (
        <Text key={shift.availabilityId} size="xs" fw={600} c="teal.9" mb={4}>
          {t('dispatch.lane.shift', {
            shift: t(`availabilities.shift.${shift.shift}`),
            start: formatBusinessTime(shift.startsAt, timeZone, locale),
            end: formatBusinessTime(shift.endsAt, timeZone, locale),
          })}
        </Text>
      ))}
      {visits.length > 0 && (
        <ul className={classes.cellList}>
          {sortVisits(visits).map((visit) => (
            <VisitBlock
              key={visit.appointmentId}
              variant="card"
              visit={visit}
              timeZone={timeZone}
              locale={locale}
              assignees={assignees}
              idPrefix={idPrefix}
            />
          ))}
        </ul>
      )}
    </td>
  );
}

/**
 * The week view: days in columns, the unassigned visits in the first row, then one row per employee
 * with that day's shifts and visits in time order.
 */
export function WeekTable({ days, timeZone, locale, assignees, caption, captionId }: WeekTableProps) {
  const { t } = useTranslation();
  const rows = weekRows(days);
  return (
    <div className={classes.scroller} role="region" aria-label={caption}>
      <table
        className={classes.week}
        style={{ '--name-width': '150px' } as CSSProperties}
        aria-labelledby={captionId}
      >
        <thead>
          <tr>
            <td className={classes.corner} />
            {days.map((day) => (
              <th key={day.date} scope="col">
                <time dateTime={day.date}>{formatDay(day.date, locale, 'short')}</time>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">
              <Text size="sm" fw={700}>
                {t('dispatch.unassigned.title')}
              </Text>
            </th>
            {days.map((day) => (
              <Cell
                key={day.date}
                visits={day.unassigned}
                idPrefix={`unassigned-${day.date}`}
                timeZone={timeZone}
                locale={locale}
                assignees={assignees}
              />
            ))}
          </tr>
          {rows.map((row) => (
            <tr key={row.employeeId}>
              <th scope="row">
                <Text size="sm" fw={700}>
                  {row.firstName} {row.lastName}
                </Text>
              </th>
              {days.map((day) => {
                const cell = row.days.get(day.date);
                return (
                  <Cell
                    key={day.date}
                    visits={cell?.visits ?? []}
                    shifts={cell?.shifts}
                    idPrefix={`lane-${row.employeeId}-${day.date}`}
                    timeZone={timeZone}
                    locale={locale}
                    assignees={assignees}
                  />
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
