import type { SlotDay } from '@eclat/shared';

import type { SlotReason } from './slot-reason';

/** The first day (YYYY-MM-01) of the month a day (YYYY-MM-DD) is in. */
export function monthOf(day: string): string {
  return `${day.slice(0, 7)}-01`;
}

/** The last day (YYYY-MM-DD) of the month that starts on `month` (YYYY-MM-01). */
function lastDayOfMonth(month: string): string {
  const year = Number(month.slice(0, 4));
  const monthIndex = Number(month.slice(5, 7));
  // Day 0 of the next month is the last day of this one.
  const last = new Date(Date.UTC(year, monthIndex, 0)).getUTCDate();
  return `${month.slice(0, 7)}-${String(last).padStart(2, '0')}`;
}

/**
 * The days of a calendar month worth asking `/slots/days` about: from today (or the month's first
 * day) to the last bookable day (or the month's last day). Null when none of the month is open
 * (a past month, or one beyond the horizon): the calendar disables those days already.
 */
export function slotDaysRange(
  month: string,
  today: string,
  bookableUntil: string | undefined,
): { from: string; to: string } | null {
  const first = monthOf(month);
  const last = lastDayOfMonth(first);
  const from = first < today ? today : first;
  const to = bookableUntil && bookableUntil < last ? bookableUntil : last;
  return from <= to ? { from, to } : null;
}

/** The days with no free time, each with the reason `/slots/days` gives (the day's most telling). */
export function unbookableDays(days: readonly SlotDay[]): Map<string, SlotReason> {
  const marked = new Map<string, SlotReason>();
  for (const day of days) {
    if (!day.available && day.reason) marked.set(day.date, day.reason);
  }
  return marked;
}

/** The reasons present in a month, once each, in the order of `reasons` (the calendar's legend). */
export function legendReasons(
  marked: ReadonlyMap<string, SlotReason>,
  reasons: readonly SlotReason[],
): SlotReason[] {
  const present = new Set(marked.values());
  return reasons.filter((reason) => present.has(reason));
}
