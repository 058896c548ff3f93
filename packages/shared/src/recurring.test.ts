import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RECURRING_DISCOUNTS,
  discountedPrice,
  discountFor,
  isoWeekday,
  isSeriesDate,
  seriesDates,
} from './recurring.ts';
import { fromLocal, toLocal } from './time-zone.ts';

describe('series dates', () => {
  it('steps by the period from the anchor, from a later day too', () => {
    expect(seriesDates('2026-12-01', 'every2Weeks', { from: '2026-12-01', until: '2027-01-12' })).toEqual([
      '2026-12-01',
      '2026-12-15',
      '2026-12-29',
      '2027-01-12',
    ]);
    expect(seriesDates('2026-12-01', 'weekly', { from: '2026-12-09', until: '2026-12-22' })).toEqual([
      '2026-12-15',
      '2026-12-22',
    ]);
    expect(seriesDates('2026-12-01', 'every4Weeks', { from: '2026-11-01', until: '2026-12-29' })).toEqual([
      '2026-12-01',
      '2026-12-29',
    ]);
    expect(seriesDates('2026-12-01', 'weekly', { from: '2026-12-02', until: '2026-12-07' })).toEqual([]);
  });

  it('keeps the weekday and the local time across daylight-saving changes', () => {
    const dates = seriesDates('2026-10-20', 'weekly', { from: '2026-10-20', until: '2027-03-30' });
    expect(new Set(dates.map(isoWeekday))).toEqual(new Set([2]));
    const hours = dates.map((date) => toLocal(fromLocal(date, 10, 0, 'America/Toronto'), 'America/Toronto'));
    expect(hours.every((local) => local.hour === 10 && local.minute === 0)).toBe(true);
    // The UTC hour does move: 14:00 in October, 15:00 in December, 14:00 again at the end of March.
    const utcHours = new Set(dates.map((date) => fromLocal(date, 10, 0, 'America/Toronto').getUTCHours()));
    expect(utcHours).toEqual(new Set([14, 15]));
  });

  it('knows its own dates', () => {
    expect(isSeriesDate('2026-12-01', 'every2Weeks', '2026-12-15')).toBe(true);
    expect(isSeriesDate('2026-12-01', 'every2Weeks', '2026-12-08')).toBe(false);
    expect(isSeriesDate('2026-12-01', 'weekly', '2026-11-24')).toBe(false);
  });
});

describe('discounts', () => {
  it('applies the frequency, not to the first visit when excluded', () => {
    expect(discountFor('once', DEFAULT_RECURRING_DISCOUNTS, false)).toBe(0);
    expect(discountFor('weekly', DEFAULT_RECURRING_DISCOUNTS, true)).toBe(15);
    const excluded = { ...DEFAULT_RECURRING_DISCOUNTS, firstVisitDiscounted: false };
    expect(discountFor('every2Weeks', excluded, true)).toBe(0);
    expect(discountFor('every2Weeks', excluded, false)).toBe(10);
  });

  it('rounds to the cent', () => {
    expect(discountedPrice(120, 15)).toBe(102);
    expect(discountedPrice(99.99, 10)).toBe(89.99);
    // The discount is rounded half up (2.5 cents is 3), as priceVisit does.
    expect(discountedPrice(0.05, 50)).toBe(0.02);
    expect(discountedPrice(80, 0)).toBe(80);
  });
});
