import { describe, expect, it } from 'vitest';

import { fromLocal, toLocal, todayIn } from './time-zone.ts';

const TORONTO = 'America/Toronto';

describe('business time zone', () => {
  it('converts wall-clock hours to instants on ordinary days, summer and winter', () => {
    expect(fromLocal('2027-01-12', 9, 0, TORONTO).toISOString()).toBe('2027-01-12T14:00:00.000Z');
    expect(fromLocal('2027-07-12', 9, 0, TORONTO).toISOString()).toBe('2027-07-12T13:00:00.000Z');
    expect(fromLocal('2027-07-12', 20, 0, 'Asia/Tokyo').toISOString()).toBe('2027-07-12T11:00:00.000Z');
    expect(fromLocal('2027-03-10', 9, 15, 'Europe/Paris').toISOString()).toBe('2027-03-10T08:15:00.000Z');
  });

  it('gives the 12 slot hours exactly on the days the clocks change', () => {
    for (const [date, offsets] of [
      ['2027-03-14', 4], // spring forward: EDT all day from 03:00
      ['2027-11-07', 5], // fall back: EST from 01:00 (second pass)
    ] as const) {
      for (let hour = 9; hour <= 20; hour += 1) {
        const instant = fromLocal(date, hour, 0, TORONTO);
        expect(instant.getUTCHours(), `${date} ${hour}:00`).toBe((hour + offsets) % 24);
        expect(toLocal(instant, TORONTO)).toMatchObject({ date, hour, minute: 0 });
      }
    }
  });

  it('keeps times just before and after the spring change exact', () => {
    expect(fromLocal('2027-03-14', 1, 30, TORONTO).toISOString()).toBe('2027-03-14T06:30:00.000Z');
    expect(fromLocal('2027-03-14', 3, 30, TORONTO).toISOString()).toBe('2027-03-14T07:30:00.000Z');
  });

  it('moves a skipped time forward by the gap', () => {
    expect(fromLocal('2027-03-14', 2, 30, TORONTO).toISOString()).toBe('2027-03-14T07:30:00.000Z');
  });

  it('takes the first of a repeated time in the fall', () => {
    expect(fromLocal('2026-11-01', 1, 30, TORONTO).toISOString()).toBe('2026-11-01T05:30:00.000Z');
  });

  it('reads an instant back as the local date and time', () => {
    expect(toLocal(new Date('2027-03-11T03:30:00.000Z'), TORONTO)).toEqual({
      date: '2027-03-10',
      year: 2027,
      month: 3,
      day: 10,
      hour: 22,
      minute: 30,
    });
    expect(toLocal(new Date('2027-07-15T04:00:00.000Z'), TORONTO)).toMatchObject({
      date: '2027-07-15',
      hour: 0,
    });
  });

  it('knows the local date when UTC is already tomorrow', () => {
    expect(todayIn(TORONTO, new Date('2027-01-13T03:30:00Z'))).toBe('2027-01-12');
  });
});
