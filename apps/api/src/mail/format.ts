import { INTL_LOCALES, formatCents, type Locale } from '@eclat/shared';

/** Formatters are costly to make and cheap to use: one per locale, zone and style, made on first use. */
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

const DATE_STYLES = {
  dateTime: {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  },
  date: { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' },
  time: { hour: 'numeric', minute: '2-digit' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

function dateTimeFormat(style: keyof typeof DATE_STYLES, locale: Locale, timeZone: string) {
  const key = `${style} ${locale} ${timeZone}`;
  let format = dateTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(INTL_LOCALES[locale], { ...DATE_STYLES[style], timeZone });
    dateTimeFormats.set(key, format);
  }
  return format;
}

/** "Tuesday, March 9, 2027 at 9:00 a.m." / "mardi 9 mars 2027 à 9 h 00", in the given time zone. */
export function formatDateTime(date: Date, locale: Locale, timeZone: string): string {
  return dateTimeFormat('dateTime', locale, timeZone).format(date);
}

/** "Tuesday, October 27, 2026" / "mardi 27 octobre 2026", in the given time zone. */
export function formatDate(date: Date, locale: Locale, timeZone: string): string {
  return dateTimeFormat('date', locale, timeZone).format(date);
}

export function formatTime(date: Date, locale: Locale, timeZone: string): string {
  return dateTimeFormat('time', locale, timeZone).format(date);
}

/** "Tuesday" / "mardi": an ISO weekday (1 Monday ... 7 Sunday). */
export function formatWeekday(isoWeekday: number, locale: Locale): string {
  // January 1, 2024 was a Monday.
  return new Intl.DateTimeFormat(INTL_LOCALES[locale], { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, 0, isoWeekday)),
  );
}

/** "10:00 a.m." / "10 h 00": a wall-clock hour (already local), written like `formatTime`. */
export function formatHour(hour: number, locale: Locale): string {
  return formatTime(new Date(Date.UTC(2024, 0, 1, hour)), locale, 'UTC');
}

/** "15%" / "15 %" (a whole percent). */
export function formatPercent(percent: number, locale: Locale): string {
  return new Intl.NumberFormat(INTL_LOCALES[locale], { style: 'percent' }).format(percent / 100);
}

/** "$50.00" / "50,00 $": an amount in dollars (the spec's prices), written as the shared cents are. */
export function formatMoney(amount: number, locale: Locale): string {
  return formatCents(Math.round(amount * 100), locale);
}
