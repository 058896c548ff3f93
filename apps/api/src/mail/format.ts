import type { Locale } from '@eclat/shared';

const INTL_LOCALE: Record<Locale, string> = { en: 'en-CA', fr: 'fr-CA' };

/** "Tuesday, March 9, 2027 at 9:00 a.m." / "mardi 9 mars 2027 à 9 h 00", in the given time zone. */
export function formatDateTime(date: Date, locale: Locale, timeZone: string): string {
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  }).format(date);
}

export function formatTime(date: Date, locale: Locale, timeZone: string): string {
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], {
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  }).format(date);
}

/** "$50.00" / "50,00 $". */
export function formatMoney(amount: number, locale: Locale): string {
  return new Intl.NumberFormat(INTL_LOCALE[locale], {
    style: 'currency',
    currency: 'CAD',
    currencyDisplay: 'narrowSymbol',
  }).format(amount);
}
