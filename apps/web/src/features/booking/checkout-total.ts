/**
 * The checkout total: the sum of the priced services. Services priced at 0 or less are "Contact for
 * pricing" (spec §2): they are left out of the sum and counted, so the page can say the total is not
 * the whole price.
 */
export function checkoutTotal(services: readonly { pricing: number }[]): {
  total: number;
  quotedCount: number;
} {
  let total = 0;
  let quotedCount = 0;
  for (const service of services) {
    if (service.pricing > 0) total += service.pricing;
    else quotedCount += 1;
  }
  return { total, quotedCount };
}
