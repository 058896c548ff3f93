import type { DispatchDay, Locale } from '@eclat/shared';
import { Text, Title } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';

import { formatBusinessTime } from '@/lib/business-time';
import { formatDay } from '@/lib/format-day';
import { useTranslation } from '@/lib/i18n';

import {
  axisHours,
  dayAxis,
  minutesIntoDay,
  placeVisits,
  toSpan,
  type Axis,
  type PlacedLane,
  type Span,
} from '../board-layout';
import classes from './dispatch-board.module.css';
import { formatShift, VisitBlock, type BoardContext } from './visit-block';

/** The height of one row of visits in a lane (px): time, customer, services, address, status. */
const ROW_HEIGHT = 172;
/** Room under the rows for the shift bands' labels (px). */
const BAND_LABEL_HEIGHT = 22;
/** The height of a lane without visits: its name, its count and its shift band (px). */
const EMPTY_LANE_HEIGHT = 64;

/** A span of the axis as left and width in percent of the track. */
function place(span: Span, axis: Axis): CSSProperties {
  const length = axis.end - axis.start;
  return { left: `${(span.offset / length) * 100}%`, width: `${(span.length / length) * 100}%` };
}

function rowBox(row: number): CSSProperties {
  return { top: row * ROW_HEIGHT + 4, height: ROW_HEIGHT - 8 };
}

/** "09:00" for an hour of the axis (a wall-clock hour, read in UTC so nothing moves it). */
function hourLabel(hour: number, locale: Locale): string {
  return formatBusinessTime(new Date(Date.UTC(1970, 0, 1, hour % 24)), 'UTC', locale);
}

type DayLanesProps = { day: DispatchDay; bufferMinutes: number; board: BoardContext };

type LaneRowProps = {
  name: ReactNode;
  placed: PlacedLane;
  axis: Axis;
  bands?: ReactNode;
  withBuffers: boolean;
  className?: string;
  idPrefix: string;
  board: BoardContext;
};

function LaneRow({ name, placed, axis, bands, withBuffers, className, idPrefix, board }: LaneRowProps) {
  return (
    <li className={className ? `${classes.row} ${className}` : classes.row}>
      <div className={classes.name}>{name}</div>
      <div
        className={classes.track}
        style={{
          minHeight:
            placed.visits.length === 0 ? EMPTY_LANE_HEIGHT : placed.rows * ROW_HEIGHT + BAND_LABEL_HEIGHT,
        }}
      >
        {bands}
        {withBuffers &&
          placed.visits.flatMap(({ visit, before, after, row }) =>
            [before, after].map(
              (span, index) =>
                span && (
                  <div
                    key={`${visit.appointmentId}-${index}`}
                    className={classes.buffer}
                    style={{ ...place(span, axis), ...rowBox(row) }}
                    aria-hidden="true"
                  />
                ),
            ),
          )}
        <ul className={classes.visits}>
          {placed.visits.map(({ visit, span, row }) => (
            <VisitBlock
              key={visit.appointmentId}
              variant="visit"
              visit={visit}
              board={board}
              idPrefix={idPrefix}
              style={{ ...place(span, axis), ...rowBox(row) }}
            />
          ))}
        </ul>
      </div>
    </li>
  );
}

/**
 * The day view: a time axis, the unassigned visits on top, then one lane per employee with their shifts
 * as bands, their visits as blocks where they fall and the travel buffer hatched before and after each.
 */
export function DayLanes({ day, bufferMinutes, board }: DayLanesProps) {
  const { t } = useTranslation();
  const { timeZone, locale } = board;
  const axis = dayAxis(day, timeZone, bufferMinutes);
  const hours = axisHours(axis);
  const placement = { day: day.date, timeZone, axis };
  const unassigned = placeVisits(day.unassigned, { ...placement, bufferMinutes: 0 });

  return (
    <div
      className={classes.scroller}
      role="region"
      aria-label={t('dispatch.day.boardLabel', { day: formatDay(day.date, locale) })}
    >
      <div className={classes.board} style={{ '--hours': hours.length - 1 } as CSSProperties}>
        <div className={classes.axisRow} aria-hidden="true">
          <div className={classes.name} />
          <div className={classes.ticks}>
            {hours.slice(0, -1).map((hour) => (
              <span
                key={hour}
                className={classes.tick}
                style={{ left: `${((hour * 60 - axis.start) / (axis.end - axis.start)) * 100}%` }}
              >
                {hourLabel(hour, locale)}
              </span>
            ))}
          </div>
        </div>
        <ul className={classes.lanes}>
          <LaneRow
            className={classes.unassignedRow}
            idPrefix={`unassigned-${day.date}`}
            name={
              <>
                <Title order={3} fz="sm">
                  {t('dispatch.unassigned.title')}
                </Title>
                <Text size="xs">{t('dispatch.visitCount', { count: day.unassigned.length })}</Text>
              </>
            }
            placed={unassigned}
            axis={axis}
            withBuffers={false}
            board={board}
          />
          {day.lanes.map((lane) => (
            <LaneRow
              key={lane.employeeId}
              idPrefix={`lane-${lane.employeeId}-${day.date}`}
              name={
                <>
                  <Title order={3} fz="sm">
                    {lane.firstName} {lane.lastName}
                  </Title>
                  <Text size="xs">{t('dispatch.visitCount', { count: lane.visits.length })}</Text>
                  {lane.shifts.length === 0 && (
                    <Text size="xs" c="dimmed">
                      {t('dispatch.lane.notWorking')}
                    </Text>
                  )}
                </>
              }
              placed={placeVisits(lane.visits, { ...placement, bufferMinutes })}
              axis={axis}
              withBuffers
              bands={lane.shifts.map((shift) => {
                const span = toSpan(
                  minutesIntoDay(shift.startsAt, day.date, timeZone),
                  minutesIntoDay(shift.endsAt, day.date, timeZone),
                  axis,
                );
                return (
                  span && (
                    <div key={shift.availabilityId} className={classes.shift} style={place(span, axis)}>
                      <span className={classes.shiftLabel}>{formatShift(t, shift, board)}</span>
                    </div>
                  )
                );
              })}
              board={board}
            />
          ))}
        </ul>
      </div>
    </div>
  );
}
