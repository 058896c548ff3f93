import { describe, expect, it } from 'vitest';

import { ApiError } from '@/lib/api-client';

import {
  EMPTY_CUSTOMER_FORM,
  isKeptForAppointments,
  toCustomerFormValues,
  toCustomerServerErrors,
  toSaveFailureReason,
  validateCustomerForm,
} from './customer-form';

const VALID = {
  firstName: ' Amélie ',
  lastName: 'Tremblay',
  email: ' amelie@example.com ',
  phoneNumber: '416-555-0142',
  companyName: '',
};

const emailTaken = new ApiError({
  status: 409,
  code: 'CONFLICT',
  message: 'A customer with this email already exists.',
  details: [{ path: 'body.email', message: 'customers.errors.emailTaken' }],
  kind: 'http',
});

describe('validateCustomerForm', () => {
  it('sends a complete form trimmed, an empty company as null', () => {
    expect(validateCustomerForm(VALID)).toEqual({
      success: true,
      data: {
        firstName: 'Amélie',
        lastName: 'Tremblay',
        email: 'amelie@example.com',
        phoneNumber: '416-555-0142',
        companyName: null,
      },
    });
  });

  it('keeps a company name', () => {
    const result = validateCustomerForm({ ...VALID, companyName: ' Café Gagnon ' });
    expect(result.success && result.data.companyName).toBe('Café Gagnon');
  });

  it('requires first name, last name, email and phone, not the company', () => {
    expect(validateCustomerForm(EMPTY_CUSTOMER_FORM)).toEqual({
      success: false,
      errors: {
        firstName: 'validation.required',
        lastName: 'validation.required',
        email: 'validation.required',
        phoneNumber: 'validation.required',
      },
    });
  });

  it('checks the email format', () => {
    expect(validateCustomerForm({ ...VALID, email: 'amelie@' })).toEqual({
      success: false,
      errors: { email: 'validation.email' },
    });
  });

  it.each(['416-555-014', '4165550142', '416 555 0142'])(
    'wants the phone as 123-456-7890, not %j',
    (phone) => {
      expect(validateCustomerForm({ ...VALID, phoneNumber: phone })).toEqual({
        success: false,
        errors: { phoneNumber: 'profile.errors.phone' },
      });
    },
  );

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
      }),
    ).toEqual({
      firstName: 'Amélie',
      lastName: 'Tremblay',
      email: 'amelie@example.com',
      phoneNumber: '416-555-0142',
      companyName: '',
    });
  });
});

describe('server errors', () => {
  it('puts a taken email on the email field, in words the catalogue has', () => {
    expect(toCustomerServerErrors(emailTaken)).toEqual({ email: 'adminCustomers.errors.emailTaken' });
    expect(toSaveFailureReason(emailTaken)).toBe('adminCustomers.errors.emailTaken');
  });

  it('maps validation details onto their fields', () => {
    const invalid = new ApiError({
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'Invalid input.',
      details: [{ path: 'body.companyName', message: 'validation.tooLong' }],
      kind: 'http',
    });
    expect(toCustomerServerErrors(invalid)).toEqual({ companyName: 'validation.tooLong' });
    expect(toSaveFailureReason(invalid)).toBe('errors.VALIDATION_ERROR');
  });

  it('otherwise uses the error code', () => {
    const offline = new ApiError({ status: 0, code: 'SERVICE_UNAVAILABLE', message: 'x', kind: 'network' });
    expect(toCustomerServerErrors(offline)).toEqual({});
    expect(toSaveFailureReason(offline)).toBe('errors.SERVICE_UNAVAILABLE');
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
