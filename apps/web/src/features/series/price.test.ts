import { DEFAULT_RECURRING_DISCOUNTS } from '@eclat/shared';
import { describe, expect, it } from 'vitest';

import { frequencyPrice } from './price';

describe('price of a frequency', () => {
  it('is the total for a one-off visit', () => {
    expect(frequencyPrice(120, 'once', DEFAULT_RECURRING_DISCOUNTS)).toEqual({
      percent: 0,
      perVisit: 120,
      firstVisit: 120,
      saving: 0,
      isFirstVisitFull: false,
    });
  });

  it('takes the frequency’s discount off every visit, rounded to the cent', () => {
    expect(frequencyPrice(129.99, 'weekly', DEFAULT_RECURRING_DISCOUNTS)).toEqual({
      percent: 15,
      perVisit: 110.49,
      firstVisit: 110.49,
      saving: 19.5,
      isFirstVisitFull: false,
    });
    expect(frequencyPrice(100, 'every2Weeks', DEFAULT_RECURRING_DISCOUNTS).perVisit).toBe(90);
    expect(frequencyPrice(100, 'every4Weeks', DEFAULT_RECURRING_DISCOUNTS).perVisit).toBe(95);
  });

  it('keeps the first visit at the full price when the admin does not discount it', () => {
    const discounts = { ...DEFAULT_RECURRING_DISCOUNTS, firstVisitDiscounted: false };
    expect(frequencyPrice(100, 'every2Weeks', discounts)).toEqual({
      percent: 10,
      perVisit: 90,
      firstVisit: 100,
      saving: 10,
      isFirstVisitFull: true,
    });
  });

  it('says nothing of a full first visit when the frequency has no discount', () => {
    const discounts = { ...DEFAULT_RECURRING_DISCOUNTS, weekly: 0, firstVisitDiscounted: false };
    expect(frequencyPrice(100, 'weekly', discounts)).toMatchObject({
      perVisit: 100,
      isFirstVisitFull: false,
    });
  });
});
