import { toLocal, type Locale } from '@eclat/shared';
import { toIntlLocale } from '@/lib/format';

/**
 * Times of appointments are instants; they are always shown in the business time zone (the one
 * `/slots` names), never in the browser's: a customer abroad books the company's 10:00.
 */

const formats = new Map<string, Intl.DateTimeFormat>();

function formatter(
  locale: Locale,
  timeZone: string,
  kind: 'time' | 'dateTime' | 'date',
): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}|${kind}`;
  let format = formats.get(key);
  if (!format) {
    const time = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;
    const date = { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' } as const;
    const options: Intl.DateTimeFormatOptions =
      kind === 'time' ? time : kind === 'date' ? date : { ...date, ...time };
    format = new Intl.DateTimeFormat(toIntlLocale(locale), { ...options, timeZone });
    formats.set(key, format);
  }
  return format;
}

function toDate(value: string | Date): Date | null {
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "10:00" (en) / "10 h 00" (fr), in the business time zone; empty when unreadable. */
export function formatBusinessTime(value: string | Date, timeZone: string, locale: Locale): string {
  const date = toDate(value);
  return date ? formatter(locale, timeZone, 'time').format(date) : '';
}

/** "Sunday, November 29, 2026" / "dimanche 29 novembre 2026", in the business time zone. */
export function formatBusinessDate(value: string | Date, timeZone: string, locale: Locale): string {
  const date = toDate(value);
  return date ? formatter(locale, timeZone, 'date').format(date) : '';
}

/** Date and time together ("Sunday, November 29, 2026 at 10:00"), in the business time zone. */
export function formatBusinessDateTime(value: string | Date, timeZone: string, locale: Locale): string {
  const date = toDate(value);
  return date ? formatter(locale, timeZone, 'dateTime').format(date) : '';
}

/** The calendar day (YYYY-MM-DD) an instant falls on in a time zone. */
export function toZonedIsoDate(value: Date, timeZone: string): string {
  return toLocal(value, timeZone).date;
}

/** True for a day (YYYY-MM-DD) before `today` (YYYY-MM-DD); both are business-local days. */
export function isPastDate(date: string, today: string): boolean {
  return date < today;
}

/**
 * A calendar day (YYYY-MM-DD) as the pages write it, "Sunday, November 29, 2026": the day itself,
 * whatever the time zone (read at noon UTC). Used for the last bookable day and the calendar's days.
 */
export function formatCalendarDay(day: string, locale: Locale): string {
  return formatBusinessDate(`${day}T12:00:00Z`, 'UTC', locale);
}
