/**
 * Money as people read and type it (issue 29): the formatter and the typed amounts of every screen, email
 * and receipt. Apart from the money's rules (money.ts) so that a page showing a price loads only these few
 * lines, not the tax tables.
 */
import { INTL_LOCALES, type Locale } from './locales.ts';

const centsFormats = new Map<Locale, Intl.NumberFormat>();

/** Cents as Canadian dollars in the language: 123450 is "$1,234.50" / "1 234,50 $". */
export function formatCents(cents: number, locale: Locale): string {
  let format = centsFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(INTL_LOCALES[locale], { style: 'currency', currency: 'CAD' });
    centsFormats.set(locale, format);
  }
  return format.format(cents / 100);
}

/**
 * Amounts typed in a form in dollars ("450", "450.75", or "450,75" as written in French) to whole cents, and back
 * for a form's initial value. Null when the text is not an amount with at most two decimals.
 */
export function centsFromDollars(text: string): number | null {
  const value = text
    .trim()
    .replace(/\s/g, '')
    .replace(',', '.')
    .replace(/^\$|\$$/g, '');
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(value)) return null;
  const [whole = '0', fraction = ''] = value.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

export function dollarsFromCents(cents: number): string {
  const whole = Math.floor(cents / 100);
  const rest = cents % 100;
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(2, '0')}`;
}
