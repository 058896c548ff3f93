import { describe, expect, it } from 'vitest';

import { legendReasons, monthOf, slotDaysRange, unbookableDays } from './slot-days';

describe('monthOf', () => {
  it('gives the first day of the month', () => {
    expect(monthOf('2027-02-17')).toBe('2027-02-01');
    expect(monthOf('2027-12-01')).toBe('2027-12-01');
  });
});

describe('slotDaysRange', () => {
  it('asks for the whole month when all of it is open', () => {
    expect(slotDaysRange('2027-02-01', '2027-01-10', '2028-01-10')).toEqual({
      from: '2027-02-01',
      to: '2027-02-28',
    });
    expect(slotDaysRange('2028-02-01', '2027-06-10', '2029-01-10')).toEqual({
      from: '2028-02-01',
      to: '2028-02-29',
    });
  });

  it('starts at today in the current month and stops at the last bookable day', () => {
    expect(slotDaysRange('2027-01-01', '2027-01-10', '2027-01-20')).toEqual({
      from: '2027-01-10',
      to: '2027-01-20',
    });
  });

  it('takes the month of any of its days', () => {
    expect(slotDaysRange('2027-03-15', '2027-01-10', undefined)).toEqual({
      from: '2027-03-01',
      to: '2027-03-31',
    });
  });

  it('asks nothing for a past month or one beyond the horizon', () => {
    expect(slotDaysRange('2026-12-01', '2027-01-10', '2028-01-10')).toBeNull();
    expect(slotDaysRange('2028-02-01', '2027-01-10', '2028-01-10')).toBeNull();
  });
});

describe('unbookableDays and legendReasons', () => {
  const days = [
    { date: '2027-02-01', available: true, reason: null },
    { date: '2027-02-02', available: false, reason: 'noCleaner' as const },
    { date: '2027-02-03', available: false, reason: 'closed' as const },
    { date: '2027-02-04', available: false, reason: 'noCleaner' as const },
  ];

  it('keeps only the days with nothing free, with their reason', () => {
    expect([...unbookableDays(days)]).toEqual([
      ['2027-02-02', 'noCleaner'],
      ['2027-02-03', 'closed'],
      ['2027-02-04', 'noCleaner'],
    ]);
  });

  it('lists each reason present once, in the legend order', () => {
    expect(legendReasons(unbookableDays(days), ['closed', 'noCleaner', 'full'])).toEqual([
      'closed',
      'noCleaner',
    ]);
    expect(legendReasons(new Map(), ['closed'])).toEqual([]);
  });
});
