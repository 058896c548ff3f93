import { MAX_TIP_CENTS, MIN_CARD_TIP_CENTS, centsFromDollars } from '@eclat/shared';

/** The shares of the visit's total the tip dialog offers first (decision 057). */
export const TIP_PERCENTS = [10, 15, 20] as const;
/** Offered when the visit's total is not known (or nothing): $10, $20, $30. */
const FALLBACK_PRESETS = [1_000, 2_000, 3_000];

/**
 * The tip dialog's presets for a visit of `totalCents` (taxes included): 10, 15 and 20 % of it, each
 * rounded to the nearest whole dollar (half up), between the least and the most a tip may be, each once.
 */
export function tipPresets(totalCents: number): number[] {
  if (totalCents <= 0) return FALLBACK_PRESETS;
  const presets = TIP_PERCENTS.map((percent) => {
    const dollars = Math.floor((totalCents * percent) / 100 / 100 + 0.5);
    return Math.min(MAX_TIP_CENTS, Math.max(MIN_CARD_TIP_CENTS, dollars * 100));
  });
  return [...new Set(presets)];
}

/**
 * A tip typed in dollars, checked as the server will (`addTipBodySchema`): the cents, or the
 * translation key of what is wrong.
 */
export function checkTip(typed: string): { cents: number } | { error: string } {
  if (typed.trim() === '') return { error: 'payments.errors.amountRequired' };
  const cents = centsFromDollars(typed);
  if (cents === null) return { error: 'payments.errors.amountFormat' };
  if (cents < MIN_CARD_TIP_CENTS) return { error: 'payments.errors.tipTooSmall' };
  if (cents > MAX_TIP_CENTS) return { error: 'payments.errors.tipTooLarge' };
  return { cents };
}

/**
 * Whether My Appointments offers "Add a tip" on a visit: the server's rule (`refuseTipUnlessCompleted`,
 * decision 054), a completed visit, whatever its hour (the office may mark it done early).
 */
export function offersTip(visit: { status: string }): boolean {
  return visit.status === 'completed';
}
