import { MAX_PAYMENT_CENTS } from '@eclat/shared';

import { dollarsToCents } from './amounts';

/**
 * An amount typed in a payments form, checked as the server will: a sum of money, above zero, at most
 * `MAX_PAYMENT_CENTS`, and, when given, at most `ceiling` (what may be refunded). The cents, or the
 * translation key of what is wrong.
 */
export function checkAmount(
  typed: string,
  ceiling?: { cents: number; key: string },
): { cents: number } | { error: string } {
  if (typed.trim() === '') return { error: 'payments.errors.amountRequired' };
  const cents = dollarsToCents(typed);
  if (cents === null) return { error: 'payments.errors.amountFormat' };
  if (cents < 1) return { error: 'payments.errors.amountPositive' };
  if (cents > MAX_PAYMENT_CENTS) return { error: 'validation.tooLarge' };
  if (ceiling && cents > ceiling.cents) return { error: ceiling.key };
  return { cents };
}
