import type { DispatchDay, DispatchVisit, WorkedShift } from '@eclat/shared';
import { Text } from '@mantine/core';
import type { CSSProperties } from 'react';

import { formatDay } from '@/lib/format-day';
import { useTranslation } from '@/lib/i18n';

import { sortVisits, weekRows } from '../board-layout';
import classes from './dispatch-board.module.css';
import { formatShift, VisitBlock, type BoardContext } from './visit-block';

type WeekTableProps = {
  days: readonly DispatchDay[];
  board: BoardContext;
  /** "Week from Monday, March 8, 2027 to Sunday, March 14, 2027": names the board. */
  caption: string;
  /** The id of the heading that says so: the table's name. */
  captionId: string;
};

type CellProps = {
  visits: readonly DispatchVisit[];
  shifts?: readonly WorkedShift[];
  idPrefix: string;
  board: BoardContext;
};

function Cell({ visits, shifts = [], idPrefix, board }: CellProps) {
  const { t } = useTranslation();
  return (
    <td>
      {shifts.map((shift) => (
        <Text key={shift.availabilityId} size="xs" fw={600} c="teal.9" mb={4}>
          {formatShift(t, shift, board)}
        </Text>
      ))}
      {visits.length > 0 && (
        <ul className={classes.cellList}>
          {sortVisits(visits).map((visit) => (
            <VisitBlock
              key={visit.appointmentId}
              variant="card"
              visit={visit}
              board={board}
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
export function WeekTable({ days, board, caption, captionId }: WeekTableProps) {
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
                <time dateTime={day.date}>{formatDay(day.date, board.locale, 'short')}</time>
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
                board={board}
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
                    board={board}
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
