import { addDays } from './booking-rules.ts';
import { z } from './zod.ts';
import { calendarDate } from './schemas/primitives.ts';

/**
 * The date ranges of the staff lists (issue 18, decision 024): every list that grows with the years
 * (jobs, assigned shifts, availabilities) answers one stretch of days, never all of them. The server
 * applies the defaults when a range is left out; the screens show the same defaults in their controls.
 */

/** The longest stretch one list request may ask for, in days (a quarter). */
export const LIST_RANGE_MAX_DAYS = 92;
/** Shifts and availabilities: from today, this many days (8 weeks) unless asked otherwise. */
export const FROM_TODAY_DEFAULT_DAYS = 56;

/** `?from=&to=`: business-local days (YYYY-MM-DD), both included; either may be left out. */
export const dateRangeQuerySchema = z.object({
  from: calendarDate('validation.date').optional(),
  to: calendarDate('validation.date').optional(),
});
export type DateRangeQuery = z.infer<typeof dateRangeQuerySchema>;

/** Days from the first to the last, both included (YYYY-MM-DD). */
export type DayRange = { from: string; to: string };

/** What each list shows when no range is given. */
export type DefaultRange = 'thisAndNextWeek' | 'fromToday';

/** The Monday of the week of a day (weeks start on Monday). */
export function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 is Sunday
  return addDays(day, -((weekday + 6) % 7));
}

/** The default range of a list, on `today` (business time zone). */
export function defaultRange(kind: DefaultRange, today: string): DayRange {
  if (kind === 'thisAndNextWeek') {
    const monday = mondayOf(today);
    return { from: monday, to: addDays(monday, 13) };
  }
  return { from: today, to: addDays(today, FROM_TODAY_DEFAULT_DAYS - 1) };
}

/** Days in a range, both ends included (0 or less when `to` is before `from`). */
export function rangeDays(range: DayRange): number {
  return (Date.parse(range.to) - Date.parse(range.from)) / 86_400_000 + 1;
}

/** The range a request asks for: the default where both ends are missing; one end alone keeps the default length from it. */
export function resolveRange(query: DateRangeQuery, kind: DefaultRange, today: string): DayRange {
  const fallback = defaultRange(kind, today);
  const length = rangeDays(fallback);
  return {
    from: query.from ?? (query.to ? addDays(query.to, -(length - 1)) : fallback.from),
    to: query.to ?? (query.from ? addDays(query.from, length - 1) : fallback.to),
  };
}

/** What is wrong with a range, as a translation key: the end before the start, or too long (`maxDays`). */
export function rangeProblem(
  range: Partial<DayRange>,
  maxDays: number | null = LIST_RANGE_MAX_DAYS,
): 'validation.rangeOrder' | 'validation.rangeTooLong' | null {
  if (!range.from || !range.to) return null;
  const days = rangeDays({ from: range.from, to: range.to });
  if (days < 1) return 'validation.rangeOrder';
  if (maxDays !== null && days > maxDays) return 'validation.rangeTooLong';
  return null;
}
