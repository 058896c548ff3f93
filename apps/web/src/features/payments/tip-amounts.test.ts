import { describe, expect, it } from 'vitest';

import { checkTip, offersTip, tipPresets } from './tip-amounts';

describe('the tip presets', () => {
  it('offers 10, 15 and 20 % of the total, in whole dollars, half up', () => {
    // $113.00: $11.30, $16.95, $22.60.
    expect(tipPresets(11_300)).toEqual([1_100, 1_700, 2_300]);
    // $50.00: $5.00, $7.50 (half up: $8), $10.00.
    expect(tipPresets(5_000)).toEqual([500, 800, 1_000]);
  });

  it('keeps each preset between $1 and $500, once, and offers $10, $20, $30 without a total', () => {
    expect(tipPresets(400)).toEqual([100]);
    expect(tipPresets(10_000_000)).toEqual([50_000]);
    expect(tipPresets(0)).toEqual([1_000, 2_000, 3_000]);
  });
});

describe('a typed tip', () => {
  it('is read in dollars and checked as the server does', () => {
    expect(checkTip('12.50')).toEqual({ cents: 1_250 });
    expect(checkTip('')).toEqual({ error: 'payments.errors.amountRequired' });
    expect(checkTip('abc')).toEqual({ error: 'payments.errors.amountFormat' });
    expect(checkTip('0.99')).toEqual({ error: 'payments.errors.tipTooSmall' });
    expect(checkTip('500.01')).toEqual({ error: 'payments.errors.tipTooLarge' });
    expect(checkTip('500')).toEqual({ cents: 50_000 });
  });
});

describe('where a tip is offered', () => {
  it('on a completed visit (as the server decides), not on a pending, confirmed or cancelled one', () => {
    expect(offersTip({ status: 'completed' })).toBe(true);
    for (const status of ['pending', 'confirmed', 'cancelled']) expect(offersTip({ status })).toBe(false);
  });
});
