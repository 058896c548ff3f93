import { addDays, DISPATCH_VIEWS, type DispatchView } from '@eclat/shared';

/**
 * The day (and the board's view) in the address: `/dispatch?date=2027-03-10&view=week`,
 * `/my-day?date=2027-03-10`. A link or a reload shows the same day; without a date, today.
 */
export const DATE_PARAM = 'date';
export const VIEW_PARAM = 'view';

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

function toParams(search: URLSearchParams | string): URLSearchParams {
  return typeof search === 'string' ? new URLSearchParams(search) : search;
}

/** A real calendar day (YYYY-MM-DD) between 1900 and 2100, as the API accepts. */
export function isCalendarDay(value: string): boolean {
  const match = DAY_PATTERN.exec(value);
  if (!match) return false;
  const year = Number(match[1]);
  return year >= 1900 && year <= 2100 && addDays(value, 0) === value;
}

/** The day the address asks for, or null (missing or not a real day: today is meant). */
export function readDateParam(search: URLSearchParams | string): string | null {
  const value = toParams(search).get(DATE_PARAM)?.trim() ?? '';
  return isCalendarDay(value) ? value : null;
}

function isView(value: unknown): value is DispatchView {
  return typeof value === 'string' && (DISPATCH_VIEWS as readonly string[]).includes(value);
}

/** The board's view the address asks for; anything else is the day view. */
export function readViewParam(search: URLSearchParams | string): DispatchView {
  const value = toParams(search).get(VIEW_PARAM)?.trim().toLowerCase();
  return isView(value) ? value : 'day';
}

/** The query string with the day (and the view, when given; the day view is the bare address) set. */
export function writeDayParams(
  search: URLSearchParams | string,
  { date, view }: { date: string; view?: DispatchView },
): URLSearchParams {
  const params = new URLSearchParams(search);
  params.set(DATE_PARAM, date);
  if (view === 'week') params.set(VIEW_PARAM, view);
  else params.delete(VIEW_PARAM);
  return params;
}

/** The day before or after (`steps` of -1 or 1): a day in the day view, a week in the week view. */
export function stepDay(date: string, view: DispatchView, steps: number): string {
  return addDays(date, steps * (view === 'week' ? 7 : 1));
}

/** A maps search for an address (opens the maps app on a phone). */
export function mapsHref(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}
