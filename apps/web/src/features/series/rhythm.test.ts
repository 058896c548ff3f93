import { describe, expect, it } from 'vitest';

import { localTime, rhythmOfStart, rhythmText, weekdayName } from './rhythm';

describe('rhythm of a series', () => {
  it('names ISO weekdays in both languages', () => {
    expect(weekdayName(1, 'en')).toBe('Monday');
    expect(weekdayName(2, 'en')).toBe('Tuesday');
    expect(weekdayName(7, 'en')).toBe('Sunday');
    expect(weekdayName(2, 'fr')).toBe('mardi');
    expect(weekdayName(7, 'fr')).toBe('dimanche');
  });

  it('writes the local hour as the pages write times', () => {
    expect(localTime(10, 0, 'en')).toBe('10:00');
    expect(localTime(9, 30, 'en')).toBe('09:30');
    expect(localTime(10, 0, 'fr')).toBe('10 h 00');
  });

  it('takes the weekday and time of a slot on the business clock, not UTC', () => {
    // 2027-03-09 is a Tuesday; 10:00 in Toronto is 15:00 UTC (EST) before the change...
    expect(rhythmOfStart('every2Weeks', '2027-03-09T15:00:00.000Z', 'America/Toronto')).toEqual({
      frequency: 'every2Weeks',
      weekday: 2,
      hour: 10,
      minute: 0,
    });
    // ...and 14:00 UTC (EDT) after it: still Tuesday 10:00.
    expect(rhythmOfStart('weekly', '2027-03-16T14:00:00.000Z', 'America/Toronto')).toMatchObject({
      weekday: 2,
      hour: 10,
    });
    // 20:00 in Toronto on a Sunday is already Monday in UTC.
    expect(rhythmOfStart('every4Weeks', '2026-12-07T01:00:00.000Z', 'America/Toronto')).toMatchObject({
      weekday: 7,
      hour: 20,
    });
  });

  it('gives the key of the frequency and the weekday and time to put in it', () => {
    expect(rhythmText({ frequency: 'every2Weeks', weekday: 2, hour: 10 }, 'en')).toEqual({
      key: 'series.rhythm.every2Weeks',
      values: { weekday: 'Tuesday', time: '10:00' },
    });
    expect(rhythmText({ frequency: 'weekly', weekday: 5, hour: 14 }, 'fr')).toEqual({
      key: 'series.rhythm.weekly',
      values: { weekday: 'vendredi', time: '14 h 00' },
    });
  });
});
