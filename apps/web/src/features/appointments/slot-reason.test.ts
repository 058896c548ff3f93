import { describe, expect, it } from 'vitest';

import { slotReasonMessage } from './slot-reason';

describe('slotReasonMessage', () => {
  it('names each reason by its own message', () => {
    expect(slotReasonMessage('past', '2027-01-31', 'en')).toEqual({
      key: 'booking.errors.pastTime',
      values: {},
    });
    expect(slotReasonMessage('full', '2027-01-31', 'en')).toEqual({ key: 'booking.errors.full', values: {} });
    expect(slotReasonMessage('closing', '2027-01-31', 'en')).toEqual({
      key: 'booking.errors.closing',
      values: {},
    });
  });

  it('gives the last bookable day for the horizon, in the page language', () => {
    expect(slotReasonMessage('horizon', '2027-01-31', 'en')).toEqual({
      key: 'booking.errors.horizon',
      values: { date: 'Sunday, January 31, 2027' },
    });
    expect(slotReasonMessage('horizon', '2027-01-31', 'fr').values.date).toBe('dimanche 31 janvier 2027');
  });

  it('says the date is too far when the last bookable day is not known yet', () => {
    expect(slotReasonMessage('horizon', undefined, 'en')).toEqual({
      key: 'appointments.errors.beyondHorizon',
      values: {},
    });
  });
});
