import { DEFAULT_SHIFT_HOURS } from '@eclat/shared';
import { describe, expect, it } from 'vitest';

import { ApiError } from '@/lib/api-client';

import { toShiftHoursServerErrors, toShiftHoursValues, validateShiftHours } from './shift-hours-form';

describe('the shift hours form', () => {
  it('fills its fields from the hours and sends them back unchanged', () => {
    const values = toShiftHoursValues(DEFAULT_SHIFT_HOURS);
    expect(values['MORNING.start']).toBe('09:00');
    expect(values['NIGHT.end']).toBe('21:00');
    expect(validateShiftHours(values)).toEqual({ success: true, data: DEFAULT_SHIFT_HOURS });
  });

  it('accepts a night shift ending at midnight', () => {
    const values = { ...toShiftHoursValues(DEFAULT_SHIFT_HOURS), 'NIGHT.end': '24:00' };
    expect(validateShiftHours(values).success).toBe(true);
  });

  it('names the field to fix, with the catalogue keys of the API', () => {
    const values = {
      ...toShiftHoursValues(DEFAULT_SHIFT_HOURS),
      'MORNING.start': '9h',
      'EVENING.start': '17:00',
      'EVENING.end': '13:00',
    };
    expect(validateShiftHours(values)).toEqual({
      success: false,
      errors: { 'MORNING.start': 'scheduling.errors.time', 'EVENING.end': 'scheduling.errors.shiftOrder' },
    });
  });

  it('reads what the server refused from its details', () => {
    const error = new ApiError({
      kind: 'http',
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'Invalid',
      details: [{ path: 'body.NIGHT.end', message: 'scheduling.errors.shiftOrder' }],
    });
    expect(toShiftHoursServerErrors(error)).toEqual({ 'NIGHT.end': 'scheduling.errors.shiftOrder' });
    expect(toShiftHoursServerErrors(new Error('offline'))).toEqual({});
  });
});
