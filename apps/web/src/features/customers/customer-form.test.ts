import { describe, expect, it } from 'vitest';

import { ApiError } from '@/lib/api-client';

import { isKeptForAppointments, toCustomerFormValues } from './customer-form';

// The rules the form checks are tested with the other person forms in components/forms/person-form.test.ts.

describe('toCustomerFormValues', () => {
  it('fills the form from a record, a missing company as empty', () => {
    expect(
      toCustomerFormValues({
        customerId: '0b1d7a4e-7f4b-4c5e-9a55-0f6f1c2d3e4f',
        firstName: 'Amélie',
        lastName: 'Tremblay',
        email: 'amelie@example.com',
        phoneNumber: '416-555-0142',
        companyName: null,
        address: '48 Palmerston Avenue',
        postalCode: 'M6G 2P5',
      }),
    ).toEqual({
      firstName: 'Amélie',
      lastName: 'Tremblay',
      email: 'amelie@example.com',
      phoneNumber: '416-555-0142',
      companyName: '',
      postalCode: 'M6G 2P5',
    });
  });
});

describe('isKeptForAppointments', () => {
  it('recognises the refusal to delete a customer who has appointments', () => {
    const refused = new ApiError({
      status: 409,
      code: 'CONFLICT',
      message: 'This customer has appointments, so the record is kept.',
      details: [{ path: 'params.customerId', message: 'customers.errors.hasAppointments' }],
      kind: 'http',
    });
    expect(isKeptForAppointments(refused)).toBe(true);
    expect(
      isKeptForAppointments(new ApiError({ status: 404, code: 'NOT_FOUND', message: 'x', kind: 'http' })),
    ).toBe(false);
    expect(isKeptForAppointments(new Error('offline'))).toBe(false);
  });
});
