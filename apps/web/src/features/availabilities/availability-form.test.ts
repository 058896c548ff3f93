import type { Availability } from '@eclat/shared';
import { describe, expect, it } from 'vitest';

import {
  EMPTY_AVAILABILITY_FORM,
  shortId,
  toAvailabilityFormValues,
  toEmployeeOptions,
  validateAdminAvailabilityForm,
  validateAvailabilityForm,
  type AvailabilityFormValues,
} from './availability-form';

const today = '2027-03-10';
const filled: AvailabilityFormValues = {
  availableDate: '2027-03-12',
  shift: 'NIGHT',
  comments: '  After 6 ',
};

describe('validateAvailabilityForm', () => {
  it('sends the day, the shift and trimmed comments', () => {
    expect(validateAvailabilityForm(filled, { today })).toEqual({
      ok: true,
      input: { availableDate: '2027-03-12', shift: 'NIGHT', comments: 'After 6' },
    });
  });

  it('sends empty comments as null and accepts today', () => {
    expect(validateAvailabilityForm({ ...filled, availableDate: today, comments: ' ' }, { today })).toEqual({
      ok: true,
      input: { availableDate: today, shift: 'NIGHT', comments: null },
    });
  });

  it('asks for the date and the shift (spec §5)', () => {
    const required = { ok: false, error: 'availabilities.errors.required' };
    expect(validateAvailabilityForm(EMPTY_AVAILABILITY_FORM, { today })).toEqual(required);
    expect(validateAvailabilityForm({ ...filled, availableDate: null }, { today })).toEqual(required);
    expect(validateAvailabilityForm({ ...filled, shift: null }, { today })).toEqual(required);
  });

  it('refuses a past day, except the one the availability already has', () => {
    expect(validateAvailabilityForm({ ...filled, availableDate: '2027-03-09' }, { today })).toEqual({
      ok: false,
      error: 'availabilities.errors.pastDate',
    });
    expect(
      validateAvailabilityForm(
        { ...filled, availableDate: '2027-03-09' },
        { today, originalDate: '2027-03-09' },
      ),
    ).toMatchObject({ ok: true });
  });
});

describe('toAvailabilityFormValues', () => {
  it('starts the edit form from the availability', () => {
    const availability: Availability = {
      availabilityId: '6f1c1d0e-3b1a-4c8e-9a55-1f0b7b1c2d3e',
      employeeId: '0b3c7a52-5d2e-4f6b-8c1a-2e9d4f7a1b2c',
      employeeFirstName: 'Ana',
      employeeLastName: 'Silva',
      availableDate: '2027-03-12T04:00:00.000Z',
      day: '2027-03-12',
      shift: 'EVENING',
      comments: null,
    };
    expect(toAvailabilityFormValues(availability)).toEqual({
      availableDate: '2027-03-12',
      shift: 'EVENING',
      comments: '',
    });
  });
});

describe('shortId', () => {
  it('keeps the first eight characters', () => {
    expect(shortId('6f1c1d0e-3b1a-4c8e-9a55-1f0b7b1c2d3e')).toBe('6f1c1d0e');
  });
});

describe('validateAdminAvailabilityForm', () => {
  const employeeId = '00000000-0000-4000-8000-000000000001';

  it('sends whose availability it is with the day, the shift and the comments', () => {
    expect(validateAdminAvailabilityForm(filled, employeeId, { today })).toEqual({
      ok: true,
      input: { employeeId, availableDate: '2027-03-12', shift: 'NIGHT', comments: 'After 6' },
    });
  });

  it('asks for the employee as for the other required fields', () => {
    const required = { ok: false, error: 'availabilities.errors.required' };
    expect(validateAdminAvailabilityForm(filled, null, { today })).toEqual(required);
    expect(validateAdminAvailabilityForm(EMPTY_AVAILABILITY_FORM, employeeId, { today })).toEqual(required);
  });

  it('refuses a past day', () => {
    expect(
      validateAdminAvailabilityForm({ ...filled, availableDate: '2027-03-09' }, employeeId, { today }),
    ).toEqual({ ok: false, error: 'availabilities.errors.pastDate' });
  });
});

describe('toEmployeeOptions', () => {
  const employee = (firstName: string, lastName: string, isActive: boolean) => ({
    employeeId: `id-${firstName}`,
    firstName,
    lastName,
    email: `${firstName.toLowerCase()}@example.com`,
    phoneNumber: '514-555-0100',
    role: 'Cleaner',
    isActive,
  });

  it('offers the active employees only, by name in the page language', () => {
    expect(
      toEmployeeOptions(
        [
          employee('Sofia', 'Nguyen', true),
          employee('Zoé', 'Retired', false),
          employee('Émile', 'Employee', true),
        ],
        'fr',
      ),
    ).toEqual([
      { value: 'id-Émile', label: 'Émile Employee' },
      { value: 'id-Sofia', label: 'Sofia Nguyen' },
    ]);
  });

  it('names an employee without a name by their email', () => {
    expect(toEmployeeOptions([employee('', '', true)], 'en')).toEqual([
      { value: 'id-', label: '@example.com' },
    ]);
  });
});
