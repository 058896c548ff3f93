import { SLOT_REASONS } from '@eclat/shared';
import { describe, expect, it } from 'vitest';

import { DAY_LEGEND_ORDER, slotReasonMessage, slotReasonTexts } from './slot-reason';

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

describe('slotReasonMessage for the team reasons', () => {
  it('names the minimum notice when it is known, else says the time is too soon', () => {
    expect(slotReasonMessage('notice', '2027-01-31', 'en', 12)).toEqual({
      key: 'booking.errors.notice',
      values: { hours: '12' },
    });
    expect(slotReasonMessage('notice', '2027-01-31', 'en')).toEqual({
      key: 'booking.errors.tooSoon',
      values: {},
    });
  });

  it('tells nobody working from everybody busy', () => {
    expect(slotReasonMessage('closed', undefined, 'fr').key).toBe('booking.errors.closed');
    expect(slotReasonMessage('noCleaner', undefined, 'fr').key).toBe('booking.errors.noCleaner');
  });
});

describe('slotReasonTexts', () => {
  it('gives every reason a short text, a name that starts with the time, and a day text', () => {
    for (const reason of SLOT_REASONS) {
      const texts = slotReasonTexts(reason);
      expect(texts.short).toBe(`booking.slot.${reason}`);
      expect(texts.label).toBe(`booking.slot.${reason}Label`);
      expect(texts.day).toBe(`booking.days.${reason}`);
    }
  });

  it('lists every reason once in the legend order', () => {
    expect([...DAY_LEGEND_ORDER].sort()).toEqual([...SLOT_REASONS].sort());
  });
});
