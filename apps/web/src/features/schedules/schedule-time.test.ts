import { describe, expect, it } from 'vitest';

import { toAssignedDate, toZonedDayAndTime, zonedDateTimeToInstant } from './schedule-time';

const TORONTO = 'America/Toronto';

describe('toAssignedDate', () => {
  it('turns a business-local day and time into the UTC instant cut to minutes (spec §5)', () => {
    expect(toAssignedDate('2027-01-15', '08:00', TORONTO)).toBe('2027-01-15T13:00');
    expect(toAssignedDate('2027-07-15', '08:00', TORONTO)).toBe('2027-07-15T12:00');
  });

  it('crosses into the next UTC day for a late local time', () => {
    expect(toAssignedDate('2027-03-10', '22:30', TORONTO)).toBe('2027-03-11T03:30');
  });

  it('is the same wall clock in another time zone', () => {
    expect(toAssignedDate('2027-03-10', '09:15', 'Europe/Paris')).toBe('2027-03-10T08:15');
    expect(toAssignedDate('2027-03-10', '09:15', 'UTC')).toBe('2027-03-10T09:15');
  });

  it('refuses what is not a day and a time', () => {
    expect(toAssignedDate('2027-3-10', '09:15', TORONTO)).toBeNull();
    expect(toAssignedDate('2027-03-10', '9h', TORONTO)).toBeNull();
    expect(toAssignedDate('2027-03-10', '24:00', TORONTO)).toBeNull();
  });
});

describe('zonedDateTimeToInstant', () => {
  it('is the shared conversion, for a day and a time as the form holds them', () => {
    expect(zonedDateTimeToInstant('2027-03-14', '02:30', TORONTO)?.toISOString()).toBe(
      '2027-03-14T07:30:00.000Z',
    );
    expect(zonedDateTimeToInstant('2027-03-14', '2:30', TORONTO)).toBeNull();
  });
});

describe('toZonedDayAndTime', () => {
  it('reads an instant back as the business day and time', () => {
    expect(toZonedDayAndTime('2027-03-11T03:30:00.000Z', TORONTO)).toEqual({
      day: '2027-03-10',
      time: '22:30',
    });
    expect(toZonedDayAndTime(new Date('2027-07-15T04:00:00.000Z'), TORONTO)).toEqual({
      day: '2027-07-15',
      time: '00:00',
    });
  });

  it('round-trips with toAssignedDate', () => {
    const assigned = toAssignedDate('2027-11-07', '16:45', TORONTO);
    expect(toZonedDayAndTime(`${assigned ?? ''}Z`, TORONTO)).toEqual({ day: '2027-11-07', time: '16:45' });
  });
});
