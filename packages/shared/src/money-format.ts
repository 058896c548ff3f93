/**
 * Money and taxes as each language writes them (issue 29): one formatter for the server's receipts and
 * emails and the web app's screens, so a figure reads the same wherever it is shown.
 */
import type { Locale } from './locales.ts';
import { RATE_SCALE, type TaxCode } from './money.ts';

/** The Canadian variant of each language. */
const INTL_LOCALE: Readonly<Record<Locale, string>> = { en: 'en-CA', fr: 'fr-CA' };

const centsFormats = new Map<Locale, Intl.NumberFormat>();
const rateFormats = new Map<Locale, Intl.NumberFormat>();

/**
 * An amount in cents, in Canadian dollars: "$1,234.50" / "1 234,50 $" (no-break spaces in French);
 * a negative amount (a discount, a refund) keeps its sign: "-$20.00" / "-20,00 $".
 */
export function formatCents(cents: number, locale: Locale): string {
  let format = centsFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(INTL_LOCALE[locale], {
      style: 'currency',
      currency: 'CAD',
      currencyDisplay: 'narrowSymbol',
    });
    centsFormats.set(locale, format);
  }
  // Integer cents divided by 100 are exact to the cent as a double: nothing rounds here.
  return format.format(cents / 100);
}

/**
 * A tax rate kept in thousandths of a percent (`RATE_SCALE`): "13%", "9.975%" / "13 %", "9,975 %"
 * (every significant digit shown, none added).
 */
export function formatTaxRate(rate: number, locale: Locale): string {
  let format = rateFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(INTL_LOCALE[locale], { style: 'percent', maximumFractionDigits: 3 });
    rateFormats.set(locale, format);
  }
  return format.format(rate / RATE_SCALE);
}

/** Each tax's name in each language: the GST is the TPS in French, the QST the TVQ, and so on. */
const TAX_NAMES: Readonly<Record<Locale, Readonly<Record<TaxCode, string>>>> = {
  en: { GST: 'GST', HST: 'HST', QST: 'QST', PST: 'PST', RST: 'RST' },
  fr: { GST: 'TPS', HST: 'TVH', QST: 'TVQ', PST: 'TVP', RST: 'TVD' },
};

/** "HST" / "TVH": the name a receipt prints for a tax. */
export function taxName(code: TaxCode, locale: Locale): string {
  return TAX_NAMES[locale][code];
}
