import { describe, expect, it } from 'vitest';

import {
  addDays,
  changeDeadline,
  customerReach,
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

describe('customerReach: the change cut-off', () => {
  const now = new Date('2027-03-09T15:00:00.000Z');
  it.each([
    // 24 hours: open while the start is more than 24 hours away.
    ['pending', '2027-03-10T15:00:01.000Z', 24, 'open'],
    ['confirmed', '2027-03-10T15:00:00.000Z', 24, 'tooLate'],
    ['pending', '2027-03-09T16:00:00.000Z', 24, 'tooLate'],
    ['pending', '2027-03-09T15:00:00.000Z', 24, 'closed'],
    ['completed', '2027-03-20T15:00:00.000Z', 24, 'closed'],
    ['cancelled', '2027-03-20T15:00:00.000Z', 24, 'closed'],
    // No cut-off: open until the start.
    ['pending', '2027-03-09T15:00:01.000Z', 0, 'open'],
    ['pending', '2027-03-12T15:00:00.000Z', 72, 'tooLate'],
  ] as const)('%s starting %s with %i hours: %s', (status, appointmentDate, hours, expected) => {
    expect(customerReach({ status, appointmentDate }, now, hours)).toBe(expected);
  });

  it('ends in instants, so a day the clocks change counts its real hours', () => {
    // 2027-03-14 02:00 Toronto skips an hour: 24 hours before 10:00 on the 14th is 09:00 on the 13th.
    expect(changeDeadline(at('2027-03-14', 10), 24).toISOString()).toBe(at('2027-03-13', 9).toISOString());
  });
});
