import type { Locale } from '@eclat/shared';

import type { TFunction } from '@/lib/i18n';
import { toIntlLocale } from '@/lib/format';

/** A visit's length in hours as written in the language: "3 hours", "2.5 hours", "2,5 heures". */
export function hoursText(t: TFunction, locale: Locale, minutes: number): string {
  const count = minutes / 60;
  const hours = new Intl.NumberFormat(toIntlLocale(locale), { maximumFractionDigits: 2 }).format(count);
  return t('quotes.hours', { count, hours });
}
