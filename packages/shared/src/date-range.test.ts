import { describe, expect, it } from 'vitest';
import {
  LIST_RANGE_MAX_DAYS,
  dateRangeQuerySchema,
  defaultRange,
  mondayOf,
  rangeDays,
  rangeProblem,
  resolveRange,
} from './date-range.ts';

describe('list date ranges (decision 024)', () => {
  it('weeks start on Monday', () => {
    expect(mondayOf('2026-11-25')).toBe('2026-11-23'); // a Wednesday
    expect(mondayOf('2026-11-23')).toBe('2026-11-23');
    expect(mondayOf('2026-11-29')).toBe('2026-11-23'); // a Sunday
    expect(mondayOf('2027-01-01')).toBe('2026-12-28'); // across the year
  });

  it('jobs default to this week and the next; shifts and availabilities to eight weeks from today', () => {
    expect(defaultRange('thisAndNextWeek', '2026-11-25')).toEqual({ from: '2026-11-23', to: '2026-12-06' });
    expect(defaultRange('fromToday', '2026-11-25')).toEqual({ from: '2026-11-25', to: '2027-01-19' });
    expect(rangeDays(defaultRange('fromToday', '2026-11-25'))).toBe(56);
  });

  it('one end alone keeps the default length from it', () => {
    expect(resolveRange({}, 'thisAndNextWeek', '2026-11-25')).toEqual({
      from: '2026-11-23',
      to: '2026-12-06',
    });
    expect(resolveRange({ from: '2026-12-01' }, 'thisAndNextWeek', '2026-11-25')).toEqual({
      from: '2026-12-01',
      to: '2026-12-14',
    });
    expect(resolveRange({ to: '2026-12-14' }, 'thisAndNextWeek', '2026-11-25')).toEqual({
      from: '2026-12-01',
      to: '2026-12-14',
    });
    expect(resolveRange({ from: '2026-01-01', to: '2026-01-31' }, 'fromToday', '2026-11-25')).toEqual({
      from: '2026-01-01',
      to: '2026-01-31',
    });
  });

  it('refuses a backwards range and one longer than a quarter; a single day is fine', () => {
    expect(rangeProblem({ from: '2026-11-25', to: '2026-11-25' })).toBeNull();
    expect(rangeProblem({ from: '2026-11-25', to: '2026-11-24' })).toBe('validation.rangeOrder');
    expect(rangeProblem({ from: '2026-01-01', to: '2026-04-02' })).toBeNull(); // 92 days
    expect(rangeDays({ from: '2026-01-01', to: '2026-04-02' })).toBe(LIST_RANGE_MAX_DAYS);
    expect(rangeProblem({ from: '2026-01-01', to: '2026-04-03' })).toBe('validation.rangeTooLong');
    // Without a limit (the appointments table), only the order counts; an open end is never a problem.
    expect(rangeProblem({ from: '2000-01-01', to: '2026-04-03' }, null)).toBeNull();
    expect(rangeProblem({ from: '2026-01-01' })).toBeNull();
  });

  it('reads real calendar days only', () => {
    expect(dateRangeQuerySchema.safeParse({ from: '2026-02-30' }).success).toBe(false);
    expect(dateRangeQuerySchema.safeParse({ to: '26-01-01' }).success).toBe(false);
    expect(dateRangeQuerySchema.parse({})).toEqual({});
  });
});
