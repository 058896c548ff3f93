import { describe, expect, it } from 'vitest';

import {
  addDays,
  endsByClosing,
  isOpenForCustomer,
  lastBookableDate,
  MAX_VISIT_MINUTES,
  visitEnd,
} from './booking-rules.ts';
import { fromLocal } from './time-zone.ts';

const TZ = 'America/Toronto';
const at = (date: string, hour: number) => fromLocal(date, hour, 0, TZ);

describe('one business day', () => {
  it('is 09:00 to 21:00: 720 minutes', () => {
    expect(MAX_VISIT_MINUTES).toBe(720);
  });

  it.each([
    ['2027-03-09', 9, 720, true],
    ['2027-03-09', 10, 720, false],
    ['2027-03-09', 20, 60, true],
    ['2027-03-09', 20, 30, true],
    ['2027-03-09', 20, 61, false],
    ['2027-03-09', 14, 400, true],
    ['2027-03-09', 15, 400, false],
    // The days the clocks change keep 21:00 local.
    ['2027-03-14', 17, 240, true],
    ['2027-11-07', 18, 240, false],
  ] as const)('%s %i:00 for %i minutes ends by closing: %s', (date, hour, minutes, expected) => {
    expect(endsByClosing(at(date, hour), minutes, TZ)).toBe(expected);
  });

  it('holds at least one hour', () => {
    expect(visitEnd(at('2027-03-09', 10), 20).toISOString()).toBe(at('2027-03-09', 11).toISOString());
  });
});

describe('horizon', () => {
  it('counts calendar days, across months and leap days', () => {
    expect(addDays('2027-12-31', 1)).toBe('2028-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(lastBookableDate('2026-11-25', 365)).toBe('2027-11-25');
  });
});

describe('isOpenForCustomer', () => {
  const now = new Date('2027-03-09T15:00:00.000Z');
  it.each([
    ['pending', '2027-03-10T15:00:00.000Z', true],
    ['confirmed', '2027-03-10T15:00:00.000Z', true],
    ['completed', '2027-03-10T15:00:00.000Z', false],
    ['cancelled', '2027-03-10T15:00:00.000Z', false],
    ['pending', '2027-03-09T15:00:00.000Z', false],
    ['confirmed', '2027-03-08T15:00:00.000Z', false],
  ] as const)('%s starting %s: %s', (status, appointmentDate, expected) => {
    expect(isOpenForCustomer({ status, appointmentDate }, now)).toBe(expected);
  });
});
