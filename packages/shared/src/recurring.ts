import { addDays } from './booking-rules.ts';
import { centsOf, discountCentsOf } from './pricing.ts';

/**
 * Recurring cleanings (decision 020): the frequencies, the dates a series visits on and the price of a
 * visit with the frequency's discount. Pure, so the server plans with them and the web app shows the
 * same dates and prices before asking.
 */

/** What checkout offers: one visit, or a series. */
export const FREQUENCIES = ['once', 'weekly', 'every2Weeks', 'every4Weeks'] as const;
export type Frequency = (typeof FREQUENCIES)[number];
export const RECURRING_FREQUENCIES = ['weekly', 'every2Weeks', 'every4Weeks'] as const;
export type RecurringFrequency = (typeof RECURRING_FREQUENCIES)[number];

export const WEEKS_BETWEEN_VISITS: Record<RecurringFrequency, number> = {
  weekly: 1,
  every2Weeks: 2,
  every4Weeks: 4,
};

export const SERIES_STATUSES = ['active', 'paused', 'cancelled'] as const;
export type SeriesStatus = (typeof SERIES_STATUSES)[number];

/** The discount per frequency (whole percent), and whether the first visit of a series has it too. */
export type RecurringDiscounts = Record<RecurringFrequency, number> & { firstVisitDiscounted: boolean };
export const DEFAULT_RECURRING_DISCOUNTS: RecurringDiscounts = {
  weekly: 15,
  every2Weeks: 10,
  every4Weeks: 5,
  firstVisitDiscounted: true,
};
export const MAX_DISCOUNT_PERCENT = 90;

/** The discount a series' visit gets: the frequency's, unless it is the first and that one is excluded. */
export function discountFor(
  frequency: Frequency,
  discounts: RecurringDiscounts,
  isFirstVisit: boolean,
): number {
  if (frequency === 'once') return 0;
  return isFirstVisit && !discounts.firstVisitDiscounted ? 0 : discounts[frequency];
}

/**
 * A price (dollars, two decimals) less a whole percent: the discount rounded once to the cent, half up
 * (`discountCentsOf`, the rule of `priceVisit`).
 */
export function discountedPrice(price: number, percent: number): number {
  const cents = centsOf(price);
  return (cents - discountCentsOf(cents, percent)) / 100;
}

/** ISO weekday of a calendar date: 1 Monday ... 7 Sunday. */
export function isoWeekday(date: string): number {
  const day = new Date(`${date}T12:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

/** Is `date` one of the series' days: the anchor plus a whole number of its periods? */
export function isSeriesDate(anchor: string, frequency: RecurringFrequency, date: string): boolean {
  const days = Math.round((Date.parse(date) - Date.parse(anchor)) / 86_400_000);
  return days >= 0 && days % (7 * WEEKS_BETWEEN_VISITS[frequency]) === 0;
}

/**
 * The calendar dates of a series from `from` to `until` (both included): the anchor, then every
 * period after it. Dates, not instants: each visit is then placed at the series' local time on its
 * date, so 10:00 stays 10:00 across daylight-saving changes.
 */
export function seriesDates(
  anchor: string,
  frequency: RecurringFrequency,
  range: { from: string; until: string },
): string[] {
  const step = 7 * WEEKS_BETWEEN_VISITS[frequency];
  const dates: string[] = [];
  const behind = Math.round((Date.parse(range.from) - Date.parse(anchor)) / 86_400_000);
  const skipped = behind > 0 ? Math.ceil(behind / step) : 0;
  for (let date = addDays(anchor, skipped * step); date <= range.until; date = addDays(date, step)) {
    dates.push(date);
  }
  return dates;
}
