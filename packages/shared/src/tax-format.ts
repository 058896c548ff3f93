/**
 * Taxes as a receipt writes them (issue 29, decision 049): each tax's name and rate in the customer's
 * language, for the server's receipts and the web app's screens alike. Amounts are `formatCents`.
 */
import { INTL_LOCALES, type Locale } from './locales.ts';
import { RATE_SCALE, type TaxCode } from './money.ts';

const rateFormats = new Map<Locale, Intl.NumberFormat>();

/**
 * A tax rate kept in thousandths of a percent (`RATE_SCALE`): "13%", "9.975%" / "13 %", "9,975 %"
 * (every significant digit shown, none added).
 */
export function formatTaxRate(rate: number, locale: Locale): string {
  let format = rateFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(INTL_LOCALES[locale], { style: 'percent', maximumFractionDigits: 3 });
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
