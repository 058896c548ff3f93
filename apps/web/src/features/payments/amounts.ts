import { RATE_SCALE, type Locale } from '@eclat/shared';

/**
 * The conversions of the payments screens: an amount typed in dollars to cents and back, and a tax rate
 * typed as a percent ("9.975") to the API's thousandths of a percent (9975) and back.
 */

/** Dollars as typed ("12.5", "1 234,50", "$40") to whole cents; null when it is not an amount of money. */
export function dollarsToCents(typed: string | number): number | null {
  const text = String(typed)
    .replace(/[\s\u00a0\u202f$]/g, '')
    .replace(',', '.');
  if (!/^\d+(\.\d{0,2})?$/.test(text)) return null;
  const [whole = '0', fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** The decimal mark of each language: "40.50" in English, "40,50" in French. */
function decimalMark(locale: Locale): string {
  return locale === 'fr' ? ',' : '.';
}

/** Cents as an amount field shows them: 4050 is "40.50" / "40,50" (no currency sign, no grouping). */
export function centsToInput(cents: number, locale: Locale): string {
  const whole = Math.floor(cents / 100);
  const fraction = String(cents % 100).padStart(2, '0');
  return `${String(whole)}${decimalMark(locale)}${fraction}`;
}

/** The most decimals a rate takes: thousandths of a percent. */
export const RATE_DECIMALS = 3;

/** A percent as typed ("13", "9.975", "9,975") to thousandths of a percent; null when unreadable. */
export function percentToRate(typed: string | number): number | null {
  const text = String(typed).trim().replace(',', '.');
  if (!/^\d{1,3}(\.\d{0,3})?$/.test(text)) return null;
  const [whole = '0', fraction = ''] = text.split('.');
  return Number(whole) * 1000 + Number(fraction.padEnd(RATE_DECIMALS, '0'));
}

/** Thousandths of a percent as the percent a field shows: 9975 is "9.975" / "9,975", 13000 is "13". */
export function rateToPercent(rate: number, locale: Locale): string {
  const whole = Math.floor(rate / 1000);
  const fraction = String(rate % 1000)
    .padStart(RATE_DECIMALS, '0')
    .replace(/0+$/, '');
  return fraction ? `${String(whole)}${decimalMark(locale)}${fraction}` : String(whole);
}

/** The highest rate the API takes (50 %), as a percent. */
export const MAX_RATE_PERCENT = RATE_SCALE / 2 / 1000;
