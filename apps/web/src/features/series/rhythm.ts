import { isoWeekday, type Locale, type RecurringFrequency } from '@eclat/shared';

import { formatBusinessTime, toZonedIsoDate } from '@/lib/business-time';
import { toIntlLocale } from '@/lib/format';

/**
 * "Every 2 weeks on Tuesday at 10:00": how often, which day, what time. The weekday and time are
 * the series' (business-local): from the series itself, or from the chosen slot before booking.
 */

/** The rhythm of a series: its frequency, ISO weekday (1 Monday ... 7 Sunday) and local start. */
export type Rhythm = { frequency: RecurringFrequency; weekday: number; hour: number; minute?: number };

const weekdayFormats = new Map<Locale, Intl.DateTimeFormat>();

/** "Tuesday" / "mardi": the name of an ISO weekday in the language. */
export function weekdayName(weekday: number, locale: Locale): string {
  let format = weekdayFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(toIntlLocale(locale), { weekday: 'long', timeZone: 'UTC' });
    weekdayFormats.set(locale, format);
  }
  // 2024-01-01 was a Monday (ISO weekday 1).
  return format.format(new Date(Date.UTC(2024, 0, weekday, 12)));
}

/** "10:00" / "10 h 00": a local hour as the pages write times. */
export function localTime(hour: number, minute: number, locale: Locale): string {
  return formatBusinessTime(new Date(Date.UTC(2000, 0, 1, hour, minute)), 'UTC', locale);
}

/** The rhythm a series booked at this start (an instant) would follow, on the business clock. */
export function rhythmOfStart(frequency: RecurringFrequency, startsAt: string, timeZone: string): Rhythm {
  const date = toZonedIsoDate(new Date(startsAt), timeZone);
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(new Date(startsAt));
  const hour = Number(parts.find((part) => part.type === 'hour')?.value ?? 0);
  const minute = Number(parts.find((part) => part.type === 'minute')?.value ?? 0);
  return { frequency, weekday: isoWeekday(date), hour, minute };
}

/**
 * The translation key and values of a rhythm: `series.rhythm.<frequency>` with `{{weekday}}` and
 * `{{time}}` ("every 2 weeks on Tuesday at 10:00" / "toutes les 2 semaines, le mardi à 10 h 00").
 */
export function rhythmText(
  rhythm: Rhythm,
  locale: Locale,
): { key: `series.rhythm.${RecurringFrequency}`; values: { weekday: string; time: string } } {
  return {
    key: `series.rhythm.${rhythm.frequency}`,
    values: {
      weekday: weekdayName(rhythm.weekday, locale),
      time: localTime(rhythm.hour, rhythm.minute ?? 0, locale),
    },
  };
}
