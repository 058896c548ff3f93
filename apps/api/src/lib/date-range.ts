import {
  LIST_RANGE_MAX_DAYS,
  addDays,
  rangeProblem,
  resolveRange,
  todayIn,
  type DateRangeQuery,
  type DayRange,
  type DefaultRange,
} from '@eclat/shared';
import { AppError } from './app-error.ts';
import { fromLocal } from './time-zone.ts';

/** A list's stretch of time: the days asked for, and the instants [start, end) they cover. */
export type ListRange = DayRange & { start: Date; end: Date };

/** The 400 of a range `rangeProblem` refuses, on `querystring.to`. */
function checkRange(range: Partial<DayRange>, maxDays: number | null): void {
  const problem = rangeProblem(range, maxDays);
  if (problem) {
    throw new AppError(
      'VALIDATION_ERROR',
      problem === 'validation.rangeOrder'
        ? 'The end date is before the start date.'
        : `Ask for at most ${LIST_RANGE_MAX_DAYS} days.`,
      [{ path: 'querystring.to', message: problem }],
    );
  }
}

/**
 * The range a list answers (decision 024): the one asked for, else the list's default on today's
 * business date; a backwards range or one longer than `LIST_RANGE_MAX_DAYS` is a 400 on `to`.
 */
export function listRange(
  query: DateRangeQuery,
  kind: DefaultRange,
  timeZone: string,
  now = new Date(),
): ListRange {
  const days = resolveRange(query, kind, todayIn(timeZone, now));
  checkRange(days, LIST_RANGE_MAX_DAYS);
  return {
    ...days,
    start: fromLocal(days.from, 0, 0, timeZone),
    end: fromLocal(addDays(days.to, 1), 0, 0, timeZone),
  };
}

/** An optional range without a length limit (the appointments table and its PDF): only the order is checked. */
export function openRange(query: DateRangeQuery, timeZone: string): { start?: Date; end?: Date } {
  checkRange(query, null);
  return {
    ...(query.from ? { start: fromLocal(query.from, 0, 0, timeZone) } : {}),
    ...(query.to ? { end: fromLocal(addDays(query.to, 1), 0, 0, timeZone) } : {}),
  };
}
