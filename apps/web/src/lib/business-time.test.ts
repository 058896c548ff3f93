import { describe, expect, it } from 'vitest';

import {
  formatBusinessDate,
  formatBusinessDateTime,
  formatBusinessTime,
  formatCalendarDay,
  isPastDate,
  toZonedIsoDate,
} from './business-time';

// 10:00 in Toronto on 2026-12-01 (EST, UTC-5) is 15:00 UTC and 00:00 the next day in Tokyo.
const TEN_AM_TORONTO = '2026-12-01T15:00:00.000Z';
// 10:00 in Toronto on 2026-07-01 (EDT, UTC-4).
const TEN_AM_TORONTO_SUMMER = '2026-07-01T14:00:00.000Z';

describe('formatBusinessTime', () => {
  it('shows the business-local hour, whatever the runtime zone', () => {
    expect(formatBusinessTime(TEN_AM_TORONTO, 'America/Toronto', 'en')).toBe('10:00');
    expect(formatBusinessTime(TEN_AM_TORONTO_SUMMER, 'America/Toronto', 'en')).toBe('10:00');
    expect(formatBusinessTime(TEN_AM_TORONTO, 'Asia/Tokyo', 'en')).toBe('00:00');
  });

  it('writes French times the Canadian way', () => {
    expect(formatBusinessTime(TEN_AM_TORONTO, 'America/Toronto', 'fr')).toBe('10 h 00');
  });

  it('returns an empty text for an unreadable value', () => {
    expect(formatBusinessTime('not a date', 'America/Toronto', 'en')).toBe('');
  });
});

describe('formatBusinessDate and formatBusinessDateTime', () => {
  it('uses the business day, not the UTC or Tokyo day', () => {
    // 03:00 UTC on Dec 2 is still Dec 1 (22:00) in Toronto.
    expect(formatBusinessDate('2026-12-02T03:00:00.000Z', 'America/Toronto', 'en')).toBe(
      'Tuesday, December 1, 2026',
    );
    expect(formatBusinessDate('2026-12-02T03:00:00.000Z', 'America/Toronto', 'fr')).toBe(
      'mardi 1 décembre 2026',
    );
  });

  it('joins date and time in the language', () => {
    const en = formatBusinessDateTime(TEN_AM_TORONTO, 'America/Toronto', 'en');
    expect(en).toContain('December 1, 2026');
    expect(en).toContain('10:00');
    const fr = formatBusinessDateTime(TEN_AM_TORONTO, 'America/Toronto', 'fr');
    expect(fr).toContain('1 décembre 2026');
    expect(fr).toContain('10 h 00');
  });
});

describe('toZonedIsoDate and isPastDate', () => {
  it('gives the calendar day of an instant in a zone', () => {
    const instant = new Date('2026-12-02T03:00:00.000Z');
    expect(toZonedIsoDate(instant, 'America/Toronto')).toBe('2026-12-01');
    expect(toZonedIsoDate(instant, 'Asia/Tokyo')).toBe('2026-12-02');
  });

  it('compares days', () => {
    expect(isPastDate('2026-11-21', '2026-11-22')).toBe(true);
    expect(isPastDate('2026-11-22', '2026-11-22')).toBe(false);
    expect(isPastDate('2026-12-01', '2026-11-22')).toBe(false);
  });
});

describe('formatCalendarDay', () => {
  it('writes the day itself, whatever the runtime zone', () => {
    expect(formatCalendarDay('2027-01-31', 'en')).toBe('Sunday, January 31, 2027');
    expect(formatCalendarDay('2027-01-31', 'fr')).toBe('dimanche 31 janvier 2027');
  });
});
