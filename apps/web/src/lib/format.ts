import { INTL_LOCALES, formatCents, type Locale } from '@eclat/shared';

const dateFormats = new Map<string, Intl.DateTimeFormat>();

export function toIntlLocale(locale: Locale): string {
  return INTL_LOCALES[locale];
}

/** An amount in Canadian dollars (the spec's prices), two decimals, as written in the language. */
export function formatCurrency(amount: number, locale: Locale): string {
  return formatCents(Math.round(amount * 100), locale);
}

/**
 * A day as written in the language ("November 22, 2026" / "22 novembre 2026"), in `timeZone` (the
 * business's, so the server's pre-rendering and the browser write the same day) or else the browser's;
 * empty if unreadable.
 */
export function formatLongDate(value: string | Date, locale: Locale, timeZone?: string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  const key = `${locale}|${timeZone ?? ''}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(INTL_LOCALES[locale], { dateStyle: 'long', timeZone });
    dateFormats.set(key, format);
  }
  return format.format(date);
}
