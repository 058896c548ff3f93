import type { Locale, PriceLine } from '@eclat/shared';

import type { TFunction } from '@/lib/i18n';
import { formatCurrency, toIntlLocale } from '@/lib/format';

/**
 * A breakdown line in words (decision 025): "Whole Home Cleaning · 3 bedrooms, 2 bathrooms", an extra
 * in the language, "Travel surcharge", "Frequency discount (10 %)"; and its amount ("-$27.00" for the
 * discount, "Contact for pricing" for a service priced on quote).
 */
export function priceLineText(
  line: PriceLine,
  t: TFunction,
  locale: Locale,
): { label: string; detail: string | null; amount: string } {
  const number = new Intl.NumberFormat(toIntlLocale(locale));
  let label = line.label[locale];
  if (line.kind === 'surcharge') label = t('pricing.lines.surcharge');
  if (line.kind === 'discount') {
    const percent = new Intl.NumberFormat(toIntlLocale(locale), { style: 'percent' }).format(
      (line.percent ?? 0) / 100,
    );
    label = t('pricing.lines.discount', { percent });
  }
  const basis = line.basis;
  const facts = [
    ...(basis?.bedrooms === undefined ? [] : [t('pricing.lines.bedrooms', { count: basis.bedrooms })]),
    ...(basis?.bathrooms === undefined ? [] : [t('pricing.lines.bathrooms', { count: basis.bathrooms })]),
    ...(basis?.area === undefined
      ? []
      : [
          t('pricing.lines.area', {
            area: number.format(basis.area),
            unit: t(basis.areaUnit === 'sqm' ? 'pricing.units.sqm' : 'pricing.units.sqft'),
          }),
        ]),
  ];
  const amount =
    line.kind === 'service' && line.cents === 0
      ? t('checkout.contactForPricing')
      : formatCurrency(line.cents / 100, locale);
  return { label, detail: facts.length ? facts.join(', ') : null, amount };
}
