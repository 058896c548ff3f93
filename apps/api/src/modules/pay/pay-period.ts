import { addDays, type PayPeriod } from '@eclat/shared';
import { fromLocal } from '../../lib/time-zone.ts';

/**
 * A pay period's instants (decision 066): from local midnight of its first day to local midnight after
 * its last, so a period is whole business days (a week across a change of time lasts 167 or 169 hours).
 */
export function periodBounds(period: PayPeriod, timeZone: string): { start: Date; end: Date } {
  return {
    start: fromLocal(period.from, 0, 0, timeZone),
    end: fromLocal(addDays(period.to, 1), 0, 0, timeZone),
  };
}
