import { addDays, toLocal, type DispatchDay, type DispatchLane, type DispatchVisit } from '@eclat/shared';

/**
 * Where things sit on the dispatch board's day view. The time axis is the business day's wall clock
 * (the board's `timeZone`, whatever the browser's): a visit from 10:00 to 12:00 covers 10:00-12:00 on a
 * winter day and on a summer day alike. Positions are minutes from the axis's start, turned into pixels
 * by the component.
 */

const MINUTES_PER_DAY = 24 * 60;

/** The hours the axis always shows (the company's opening hours), widened to fit what the day holds. */
export const DEFAULT_AXIS = { start: 9 * 60, end: 21 * 60 } as const;

export type Axis = { start: number; end: number };

/** A span on the axis, in minutes from its start. */
export type Span = { offset: number; length: number };

/** Whole days from `from` to `to` (YYYY-MM-DD), negative when `to` is earlier. */
function daysBetween(from: string, to: string): number {
  const toUtc = (day: string) => {
    const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
    return Date.UTC(year, month - 1, date);
  };
  return Math.round((toUtc(to) - toUtc(from)) / 86_400_000);
}

/**
 * The minutes from the start of `day` (YYYY-MM-DD) that the business clock shows at an instant: 600 for
 * 10:00 that day, 1440 for midnight at its end (a shift ending at 24:00), negative the day before.
 */
export function minutesIntoDay(instant: string, day: string, timeZone: string): number {
  const local = toLocal(new Date(instant), timeZone);
  return daysBetween(day, local.date) * MINUTES_PER_DAY + local.hour * 60 + local.minute;
}

/**
 * The axis of one day: the opening hours, widened to whole hours so that every shift, every visit and
 * the travel buffers around assigned visits fit, never beyond the day itself.
 */
export function dayAxis(day: DispatchDay, timeZone: string, bufferMinutes: number): Axis {
  let start: number = DEFAULT_AXIS.start;
  let end: number = DEFAULT_AXIS.end;
  const widen = (from: number, to: number) => {
    start = Math.min(start, from);
    end = Math.max(end, to);
  };
  const minutes = (instant: string) => minutesIntoDay(instant, day.date, timeZone);
  for (const lane of day.lanes) {
    for (const shift of lane.shifts) widen(minutes(shift.startsAt), minutes(shift.endsAt));
    for (const visit of lane.visits) {
      widen(minutes(visit.startsAt) - bufferMinutes, minutes(visit.endsAt) + bufferMinutes);
    }
  }
  for (const visit of day.unassigned) widen(minutes(visit.startsAt), minutes(visit.endsAt));
  return {
    start: Math.max(0, Math.floor(start / 60) * 60),
    end: Math.min(MINUTES_PER_DAY, Math.ceil(end / 60) * 60),
  };
}

/** The whole hours of an axis, for its ticks: [9, 10, ..., 21]. */
export function axisHours(axis: Axis): number[] {
  const hours: number[] = [];
  for (let minute = axis.start; minute <= axis.end; minute += 60) hours.push(minute / 60);
  return hours;
}

/** A stretch of the day as a span of the axis, cut to the axis; null when it falls outside. */
export function toSpan(from: number, to: number, axis: Axis): Span | null {
  const start = Math.max(from, axis.start);
  const end = Math.min(to, axis.end);
  if (end <= start) return null;
  return { offset: start - axis.start, length: end - start };
}

/** A visit as placed in a lane: its own span and the travel buffers before and after it. */
export type PlacedVisit = {
  visit: DispatchVisit;
  span: Span;
  before: Span | null;
  after: Span | null;
  /** The row of the lane it sits in: visits that overlap (unassigned ones can) go one under the other. */
  row: number;
};

export type PlacedLane = { visits: PlacedVisit[]; rows: number };

/**
 * Places a lane's visits on the axis, earliest first, each with its travel buffers (none for
 * unassigned visits, which nobody travels to yet). Overlapping visits are put in separate rows: each
 * visit takes the first row whose last visit ended at least one buffer before it starts (the buffer is
 * the travel time between two jobs, so the one after a job and the one before the next may be the same).
 */
export function placeVisits(
  visits: readonly DispatchVisit[],
  {
    day,
    timeZone,
    axis,
    bufferMinutes,
  }: { day: string; timeZone: string; axis: Axis; bufferMinutes: number },
): PlacedLane {
  const rowEnds: number[] = [];
  const placed: PlacedVisit[] = [];
  for (const visit of sortVisits(visits)) {
    const start = minutesIntoDay(visit.startsAt, day, timeZone);
    const end = Math.max(start, minutesIntoDay(visit.endsAt, day, timeZone));
    const span = toSpan(start, end, axis) ?? { offset: Math.max(0, start - axis.start), length: 0 };
    let row = rowEnds.findIndex((rowEnd) => rowEnd + bufferMinutes <= start);
    if (row === -1) {
      row = rowEnds.length;
      rowEnds.push(0);
    }
    rowEnds[row] = end;
    placed.push({
      visit,
      span,
      before: bufferMinutes > 0 ? toSpan(start - bufferMinutes, start, axis) : null,
      after: bufferMinutes > 0 ? toSpan(end, end + bufferMinutes, axis) : null,
      row,
    });
  }
  return { visits: placed, rows: Math.max(1, rowEnds.length) };
}

/** Visits in the order of the day: by start, then end, then id (a stable order for equal times). */
export function sortVisits(visits: readonly DispatchVisit[]): DispatchVisit[] {
  return [...visits].sort(
    (a, b) =>
      Date.parse(a.startsAt) - Date.parse(b.startsAt) ||
      Date.parse(a.endsAt) - Date.parse(b.endsAt) ||
      a.appointmentId.localeCompare(b.appointmentId),
  );
}

/** Whether a board day has any visit at all (assigned or not). */
export function hasVisits(day: DispatchDay): boolean {
  return day.unassigned.length > 0 || day.lanes.some((lane) => lane.visits.length > 0);
}

/** The Monday of the week a day (YYYY-MM-DD) falls in: a week starts on Monday. */
export function mondayOf(day: string): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  const weekday = new Date(Date.UTC(year, month - 1, date)).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/** One employee's row of the week view: their shifts and visits per day (YYYY-MM-DD). */
export type WeekRow = {
  employeeId: string;
  firstName: string;
  lastName: string;
  days: Map<string, Pick<DispatchLane, 'shifts' | 'visits'>>;
};

/**
 * The week view's rows: every employee who has a lane on any day of the board, in the order the board
 * gives them (someone with a lane on a later day only comes after), each with what they have each day.
 */
export function weekRows(days: readonly DispatchDay[]): WeekRow[] {
  const rows = new Map<string, WeekRow>();
  for (const day of days) {
    for (const lane of day.lanes) {
      let row = rows.get(lane.employeeId);
      if (!row) {
        row = {
          employeeId: lane.employeeId,
          firstName: lane.firstName,
          lastName: lane.lastName,
          days: new Map(),
        };
        rows.set(lane.employeeId, row);
      }
      row.days.set(day.date, { shifts: lane.shifts, visits: lane.visits });
    }
  }
  return [...rows.values()];
}

/** Everyone a visit can be given to on this board, by name: each employee with a lane. */
export function boardAssignees(days: readonly DispatchDay[]): { employeeId: string; name: string }[] {
  return weekRows(days).map((row) => ({
    employeeId: row.employeeId,
    name: `${row.firstName} ${row.lastName}`,
  }));
}

/** A stop of an employee's route for the day: the visit, and the free minutes since the previous one. */
export type RouteStop = { visit: DispatchVisit; minutesSincePrevious: number | null };

/** An employee's visits of a day as a route: in time order, each with the gap since the one before. */
export function routeStops(visits: readonly DispatchVisit[]): RouteStop[] {
  let previousEnd: number | null = null;
  return sortVisits(visits).map((visit) => {
    const gap: number | null =
      previousEnd === null ? null : Math.round((Date.parse(visit.startsAt) - previousEnd) / 60_000);
    previousEnd = Math.max(previousEnd ?? 0, Date.parse(visit.endsAt));
    return { visit, minutesSincePrevious: gap };
  });
}
