import { describe, expect, it } from 'vitest';

import { seriesFailureKey } from './failure';

describe('why a series was refused', () => {
  it('says the booking rule of the first visit', () => {
    expect(seriesFailureKey({ code: 'SLOT_FULL', details: [] })).toBe('checkout.errors.slotFull');
    expect(seriesFailureKey({ code: 'NO_CLEANER_FREE', details: [] })).toBe('errors.NO_CLEANER_FREE');
    expect(
      seriesFailureKey({
        code: 'VALIDATION_ERROR',
        details: [{ path: 'appointmentDate', message: 'appointments.errors.notice' }],
      }),
    ).toBe('appointments.errors.notice');
  });

  it('names a cancelled series, a field or any other code', () => {
    expect(seriesFailureKey({ code: 'SERIES_CANCELLED', details: [] })).toBe('errors.SERIES_CANCELLED');
    expect(
      seriesFailureKey({
        code: 'VALIDATION_ERROR',
        details: [{ path: 'frequency', message: 'series.errors.frequency' }],
      }),
    ).toBe('series.errors.frequency');
    expect(seriesFailureKey({ code: 'FORBIDDEN', details: [] })).toBe('errors.FORBIDDEN');
  });
});
