import { describe, expect, it } from 'vitest';

import { checkoutTotal } from './checkout-total';

describe('checkoutTotal', () => {
  it('adds the priced services and counts those priced on request', () => {
    expect(checkoutTotal([{ pricing: 120 }, { pricing: 0 }, { pricing: 115.5 }, { pricing: -1 }])).toEqual({
      total: 235.5,
      quotedCount: 2,
    });
  });

  it('is zero with nothing priced', () => {
    expect(checkoutTotal([])).toEqual({ total: 0, quotedCount: 0 });
    expect(checkoutTotal([{ pricing: 0 }])).toEqual({ total: 0, quotedCount: 1 });
  });
});
