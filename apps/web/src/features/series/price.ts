import { discountedPrice, discountFor, type Frequency, type RecurringDiscounts } from '@eclat/shared';

/** What checkout shows of a frequency's price: per visit, the first visit, and the saving per visit. */
export type FrequencyPrice = {
  /** The frequency's discount (whole percent); 0 for a one-off visit. */
  percent: number;
  /** The price of a visit with the discount (the services' total when 0). */
  perVisit: number;
  /** The first visit's price: full when the admin does not discount it. */
  firstVisit: number;
  /** Saved on each discounted visit. */
  saving: number;
  /** True when the first visit is at the full price while the others are discounted. */
  isFirstVisitFull: boolean;
};

/**
 * The prices of `total` (the services' sum) at a frequency, with the discounts the admin set; the same
 * rounding as the server (`discountedPrice`), so the page shows what the visits will cost.
 */
export function frequencyPrice(
  total: number,
  frequency: Frequency,
  discounts: RecurringDiscounts,
): FrequencyPrice {
  const percent = discountFor(frequency, discounts, false);
  const firstPercent = discountFor(frequency, discounts, true);
  const perVisit = discountedPrice(total, percent);
  return {
    percent,
    perVisit,
    firstVisit: discountedPrice(total, firstPercent),
    saving: Math.round((total - perVisit) * 100) / 100,
    isFirstVisitFull: percent > 0 && firstPercent === 0,
  };
}
