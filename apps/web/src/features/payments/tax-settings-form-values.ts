import {
  DEFAULT_TAX_RATES,
  PROVINCES,
  RATE_SCALE,
  type Locale,
  type Province,
  type TaxCode,
  type TaxSettings,
} from '@eclat/shared';

import { percentToRate, rateToPercent } from './amounts';

/** One tax as the form holds it: its code and its rate as the percent typed ("9.975"). */
export type TaxRow = { code: TaxCode; percent: string };
export type TaxSettingsValues = {
  legalName: string;
  gstHstNumber: string;
  qstNumber: string;
  address: string;
  homeProvince: Province;
  rates: { province: Province; taxes: TaxRow[] }[];
};

/** A field's place, as the API names it in a refusal's details: `rates.10.taxes.1.rate`. */
export type FieldErrors = Record<string, string>;

/** The settings as the form shows them: every province, in the API's order, rates as percents. */
export function toTaxSettingsValues(settings: TaxSettings, locale: Locale): TaxSettingsValues {
  const byProvince = new Map(settings.rates.map((entry) => [entry.province, entry.taxes]));
  return {
    legalName: settings.legalName,
    gstHstNumber: settings.gstHstNumber,
    qstNumber: settings.qstNumber,
    address: settings.address,
    homeProvince: settings.homeProvince,
    rates: PROVINCES.map((province) => ({
      province,
      taxes: (byProvince.get(province) ?? DEFAULT_TAX_RATES[province]).map((tax) => ({
        code: tax.code,
        percent: rateToPercent(tax.rate, locale),
      })),
    })),
  };
}

/**
 * The settings to send, each percent converted to thousandths of a percent; or the translation key of
 * each field that cannot be (an unreadable percent, more than three decimals, above 50 %).
 */
export function fromTaxSettingsValues(
  values: TaxSettingsValues,
): { success: true; data: TaxSettings } | { success: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const rates = values.rates.map((entry, provinceIndex) => ({
    province: entry.province,
    taxes: entry.taxes.map((tax, taxIndex) => {
      const rate = percentToRate(tax.percent);
      const path = `rates.${String(provinceIndex)}.taxes.${String(taxIndex)}.rate`;
      if (rate === null) errors[path] = 'payments.errors.rateFormat';
      else if (rate > RATE_SCALE / 2) errors[path] = 'payments.errors.rateTooHigh';
      return { code: tax.code, rate: rate ?? 0 };
    }),
  }));
  if (Object.keys(errors).length > 0) return { success: false, errors };
  return {
    success: true,
    data: {
      legalName: values.legalName.trim(),
      gstHstNumber: values.gstHstNumber.trim(),
      qstNumber: values.qstNumber.trim(),
      address: values.address.trim(),
      homeProvince: values.homeProvince,
      rates,
    },
  };
}
