import { describe, expect, it } from 'vitest';

import { isCalendarDay, mapsHref, readDateParam, readViewParam, stepDay, writeDayParams } from './day-params';

describe('the day in the address', () => {
  it('reads a real day and nothing else', () => {
    expect(readDateParam('?date=2027-03-10')).toBe('2027-03-10');
    expect(readDateParam('?date=2027-02-30')).toBeNull();
    expect(readDateParam('?date=tomorrow')).toBeNull();
    expect(readDateParam('')).toBeNull();
    expect(isCalendarDay('1899-12-31')).toBe(false);
  });

  it('reads the view, the day view unless the week is asked for', () => {
    expect(readViewParam('?view=week')).toBe('week');
    expect(readViewParam('?view=WEEK')).toBe('week');
    expect(readViewParam('?view=month')).toBe('day');
    expect(readViewParam('')).toBe('day');
  });

  it('writes the day and the view, keeping other parameters', () => {
    expect(writeDayParams('?x=1&view=week', { date: '2027-03-10', view: 'day' }).toString()).toBe(
      'x=1&date=2027-03-10',
    );
    expect(writeDayParams('', { date: '2027-03-10', view: 'week' }).toString()).toBe(
      'date=2027-03-10&view=week',
    );
  });

  it('steps by a day or a week, across months and a daylight-saving change', () => {
    expect(stepDay('2027-03-13', 'day', 1)).toBe('2027-03-14');
    expect(stepDay('2027-03-01', 'day', -1)).toBe('2027-02-28');
    expect(stepDay('2027-03-10', 'week', 1)).toBe('2027-03-17');
    expect(stepDay('2027-01-03', 'week', -1)).toBe('2026-12-27');
  });
});

describe('mapsHref', () => {
  it('searches the maps for the whole address, encoded', () => {
    expect(mapsHref('12 Main Street, Montréal & Co')).toBe(
      'https://www.google.com/maps/search/?api=1&query=12%20Main%20Street%2C%20Montr%C3%A9al%20%26%20Co',
    );
  });
});
