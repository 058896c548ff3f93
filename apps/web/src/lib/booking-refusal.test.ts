import { describe, expect, it } from 'vitest';

import { toBookingRefusal } from './booking-refusal';

describe('toBookingRefusal', () => {
  it.each([
    ['SLOT_FULL', [], 'checkout.errors.slotFull', 'time'],
    ['VISITS_OVERLAP', [], 'errors.VISITS_OVERLAP', 'time'],
    ['VISIT_TOO_LONG', [], 'appointments.errors.visitTooLong', 'services'],
    ['TOO_MANY_OPEN_VISITS', [], 'errors.TOO_MANY_OPEN_VISITS', 'appointments'],
    ['OUTSIDE_SERVICE_AREA', [], 'errors.OUTSIDE_SERVICE_AREA', 'quote'],
    [
      'VALIDATION_ERROR',
      [{ path: 'body.appointmentDate', message: 'appointments.errors.endsAfterClosing' }],
      'appointments.errors.endsAfterClosing',
      'time',
    ],
    [
      'VALIDATION_ERROR',
      [{ path: 'body.appointmentDate', message: 'appointments.errors.beyondHorizon' }],
      'appointments.errors.beyondHorizon',
      'time',
    ],
    ['NO_CLEANER_FREE', [], 'errors.NO_CLEANER_FREE', 'time'],
    [
      'VALIDATION_ERROR',
      [{ path: 'body.appointmentDate', message: 'appointments.errors.notice' }],
      'appointments.errors.notice',
      'time',
    ],
  ] as const)('%s %j: says %s and offers %s', (code, details, messageKey, action) => {
    expect(toBookingRefusal({ code, details })).toMatchObject({ messageKey, action });
  });

  it('names the slot reason the calendar repeats when it opens for another time', () => {
    expect(toBookingRefusal({ code: 'SLOT_FULL', details: [] })?.slotReason).toBe('full');
    expect(toBookingRefusal({ code: 'NO_CLEANER_FREE', details: [] })?.slotReason).toBe('noCleaner');
    expect(
      toBookingRefusal({
        code: 'VALIDATION_ERROR',
        details: [{ path: 'body.appointmentDate', message: 'appointments.errors.notice' }],
      })?.slotReason,
    ).toBe('notice');
    // Not the time's fault: the household's own visit, or a time off the hourly grid.
    expect(toBookingRefusal({ code: 'VISITS_OVERLAP', details: [] })?.slotReason).toBeNull();
    expect(
      toBookingRefusal({
        code: 'VALIDATION_ERROR',
        details: [{ path: 'body.appointmentDate', message: 'appointments.errors.slot' }],
      })?.slotReason,
    ).toBeNull();
  });

  it('leaves other failures to the generic message', () => {
    expect(toBookingRefusal({ code: 'INTERNAL_ERROR', details: [] })).toBeNull();
    expect(
      toBookingRefusal({
        code: 'VALIDATION_ERROR',
        details: [{ path: 'body.comments', message: 'validation.tooLong' }],
      }),
    ).toBeNull();
  });
});
