import { describe, expect, it } from 'vitest';
import { isBalanceDue, shownPaymentState } from './money.ts';

/** Decision 061: a visit's balance is due once it is done, cancelled or its time has come. */
const NOW = new Date('2026-11-28T15:00:00.000Z');
const at = (iso: string, status = 'confirmed', needsTime = false) => ({
  status,
  appointmentDate: iso,
  needsTime,
});

describe('when a visit’s balance is due', () => {
  it('is not due for a visit still to come, nor one waiting for a time', () => {
    expect(isBalanceDue(at('2026-11-28T15:00:01.000Z'), NOW)).toBe(false);
    expect(isBalanceDue(at('2026-11-20T10:00:00.000Z', 'pending', true), NOW)).toBe(false);
  });

  it('is due once its time has come, once completed (even early) and once cancelled (its fees)', () => {
    expect(isBalanceDue(at('2026-11-28T15:00:00.000Z'), NOW)).toBe(true);
    expect(isBalanceDue(at('2026-11-27T10:00:00.000Z', 'pending'), NOW)).toBe(true);
    expect(isBalanceDue(at('2026-12-05T10:00:00.000Z', 'completed'), NOW)).toBe(true);
    expect(isBalanceDue(at('2026-12-05T10:00:00.000Z', 'cancelled'), NOW)).toBe(true);
  });

  it('shows "not due" for an unpaid visit still to come only; every other state as it is', () => {
    const future = at('2026-12-05T10:00:00.000Z');
    expect(shownPaymentState('unpaid', future, NOW)).toBe('not_due');
    expect(shownPaymentState('unpaid', at('2026-11-27T10:00:00.000Z'), NOW)).toBe('unpaid');
    for (const state of ['payment_needed', 'partly_paid', 'paid', 'refund_due', 'nothing_due'] as const) {
      expect(shownPaymentState(state, future, NOW)).toBe(state);
    }
  });
});
