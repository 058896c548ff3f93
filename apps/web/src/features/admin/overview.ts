import { addDays, type Locale } from '@eclat/shared';

import { toIntlLocale } from '@/lib/format';

/**
 * How the owner's overview writes its figures (issue 17, decision 030): weeks by their Monday, money
 * from cents, utilisation as a percentage, minutes as hours; and the bars' lengths.
 */

const dayMonth = new Map<Locale, Intl.DateTimeFormat>();

/** A calendar day as "Oct 26" / "26 oct." (the day itself, whatever the browser's zone). */
export function shortDay(day: string, locale: Locale): string {
  let format = dayMonth.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(toIntlLocale(locale), {
      month: 'short',
      day: 'numeric',
      timeZone: 'UTC',
    });
    dayMonth.set(locale, format);
  }
  return format.format(new Date(`${day}T12:00:00Z`));
}

/** The days of a week from its Monday: "Oct 26 – Nov 1". */
export function weekDays(monday: string, locale: Locale): string {
  return `${shortDay(monday, locale)} – ${shortDay(addDays(monday, 6), locale)}`;
}

/** A share as a whole percentage: 0.444 is "44%" / "44 %"; null (no shifts) is null. */
export function formatShare(share: number | null, locale: Locale): string | null {
  if (share === null) return null;
  return new Intl.NumberFormat(toIntlLocale(locale), { style: 'percent', maximumFractionDigits: 0 }).format(
    share,
  );
}

/** Minutes as hours with at most one decimal: 90 is "1.5" / "1,5". */
export function formatHours(minutes: number, locale: Locale): string {
  return new Intl.NumberFormat(toIntlLocale(locale), { maximumFractionDigits: 1 }).format(minutes / 60);
}

/** A whole number in the language: 1234 is "1,234" / "1 234". */
export function formatCount(value: number, locale: Locale): string {
  return new Intl.NumberFormat(toIntlLocale(locale)).format(value);
}

/**
 * Each value's share of the largest, from 0 to 1, for a bar's length (a share of 1 or more is a full
 * bar); all zero when nothing is above zero.
 */
export function barShares(values: readonly number[], ceiling?: number): number[] {
  const top = ceiling ?? Math.max(0, ...values);
  return values.map((value) => (top > 0 ? Math.min(1, Math.max(0, value / top)) : 0));
}
