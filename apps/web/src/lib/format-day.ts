import type { Locale } from '@eclat/shared';

import { toIntlLocale } from '@/lib/format';

const formats = new Map<string, Intl.DateTimeFormat>();

const STYLES = {
  /** "Tue, Mar. 10, 2027" / "mar. 10 mars 2027": tables. */
  short: { weekday: 'short', year: 'numeric', month: 'short', day: 'numeric' },
  /** "Tuesday, March 10, 2027" / "mardi 10 mars 2027": headings and sentences. */
  long: { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

/**
 * A calendar day (YYYY-MM-DD, already a business-local day) as written in the language. The day is
 * read as a date, not an instant, so no time zone can move it; the text itself when unreadable.
 */
export function formatDay(day: string, locale: Locale, style: keyof typeof STYLES = 'long'): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 12));
  if (Number.isNaN(date.getTime())) return day;
  const key = `${locale}|${style}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(toIntlLocale(locale), { ...STYLES[style], timeZone: 'UTC' });
    formats.set(key, format);
  }
  return format.format(date);
}
