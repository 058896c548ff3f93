import { describe, expect, it } from 'vitest';

import { toBookingRefusal } from './refusal';

describe('toBookingRefusal', () => {
  it.each([
    ['SLOT_FULL', [], 'checkout.errors.slotFull', 'time'],
    ['VISITS_OVERLAP', [], 'errors.VISITS_OVERLAP', 'time'],
    ['VISIT_TOO_LONG', [], 'appointments.errors.visitTooLong', 'services'],
    ['TOO_MANY_OPEN_VISITS', [], 'errors.TOO_MANY_OPEN_VISITS', 'appointments'],
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
  ] as const)('%s %j: says %s and offers %s', (code, details, messageKey, action) => {
    expect(toBookingRefusal({ code, details })).toMatchObject({ messageKey, action });
  });

  it('marks only SLOT_FULL as a full slot (the calendar says so when it opens)', () => {
    expect(toBookingRefusal({ code: 'SLOT_FULL', details: [] })?.isSlotFull).toBe(true);
    expect(toBookingRefusal({ code: 'VISITS_OVERLAP', details: [] })?.isSlotFull).toBe(false);
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
