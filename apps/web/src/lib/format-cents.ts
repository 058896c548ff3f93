import type { Locale } from '@eclat/shared';

import { formatCurrency } from './format';

/**
 * Cents as money in the language: 40849 is "$408.49" / "408,49 $" (the owner's figures, the payments).
 * A module of its own, apart from `format.ts`, so the public pages' first visit does not carry it.
 */
export function formatCents(cents: number, locale: Locale): string {
  return formatCurrency(cents / 100, locale);
}
