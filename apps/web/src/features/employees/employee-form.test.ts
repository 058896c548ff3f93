import { describe, expect, it } from 'vitest';

import { ApiError } from '@/lib/api-client';

import {
  EMPTY_EMPLOYEE_FORM,
  toEmployeeFormValues,
  toEmployeeServerErrors,
  toSaveFailureReason,
  validateEmployeeForm,
} from './employee-form';

const VALID = {
  firstName: ' Ana ',
  lastName: 'Lima',
  email: ' ana.lima@example.com ',
  phoneNumber: '514-555-1234',
  role: 'Team lead',
  isActive: true,
};

describe('validateEmployeeForm', () => {
  it('starts with the active box checked', () => {
    expect(EMPTY_EMPLOYEE_FORM.isActive).toBe(true);
  });

  it('sends a complete form trimmed', () => {
    expect(validateEmployeeForm({ ...VALID, isActive: false })).toEqual({
      success: true,
      data: {
        firstName: 'Ana',
        lastName: 'Lima',
        email: 'ana.lima@example.com',
        phoneNumber: '514-555-1234',
        role: 'Team lead',
        isActive: false,
      },
    });
  });

  it('requires every field but active', () => {
    expect(validateEmployeeForm(EMPTY_EMPLOYEE_FORM)).toEqual({
      success: false,
      errors: {
        firstName: 'validation.required',
        lastName: 'validation.required',
        email: 'validation.required',
        phoneNumber: 'validation.required',
        role: 'validation.required',
      },
    });
  });

  it('treats blank text as missing', () => {
    const result = validateEmployeeForm({ ...VALID, firstName: '   ', role: ' ' });
    expect(result).toEqual({
      success: false,
      errors: { firstName: 'validation.required', role: 'validation.required' },
    });
  });

  it('checks the email format', () => {
    expect(validateEmployeeForm({ ...VALID, email: 'ana.lima' })).toEqual({
      success: false,
      errors: { email: 'validation.email' },
    });
  });

  it.each(['514-555-123', '5145551234', '(514) 555-1234'])(
    'wants the phone as 123-456-7890, not %j',
    (phone) => {
      expect(validateEmployeeForm({ ...VALID, phoneNumber: phone })).toEqual({
        success: false,
        errors: { phoneNumber: 'profile.errors.phone' },
      });
    },
  );

  it('fills the form from a record', () => {
    expect(
      toEmployeeFormValues({
        employeeId: '0b1d7a4e-7f4b-4c5e-9a55-0f6f1c2d3e4f',
        firstName: 'Ana',
        lastName: 'Lima',
        email: 'ana.lima@example.com',
        phoneNumber: '514-555-1234',
        role: 'Cleaner',
        isActive: false,
      }),
    ).toEqual({
      firstName: 'Ana',
      lastName: 'Lima',
      email: 'ana.lima@example.com',
      phoneNumber: '514-555-1234',
      role: 'Cleaner',
      isActive: false,
    });
  });
});

describe('toEmployeeServerErrors', () => {
  it('puts a taken email on the email field', () => {
    const error = new ApiError({
      status: 409,
      code: 'CONFLICT',
      message: 'An employee with this email already exists.',
      details: [{ path: 'body.email', message: 'employees.errors.emailTaken' }],
      kind: 'http',
    });
    expect(toEmployeeServerErrors(error)).toEqual({ email: 'employees.errors.emailTaken' });
  });

  it('maps validation details onto their fields and ignores unknown ones', () => {
    const error = new ApiError({
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'Invalid input.',
      details: [
        { path: 'body.role', message: 'validation.tooLong' },
        { path: 'body.role', message: 'validation.required' },
        { path: 'body.somethingElse', message: 'validation.required' },
      ],
      kind: 'http',
    });
    expect(toEmployeeServerErrors(error)).toEqual({ role: 'validation.tooLong' });
  });

  it('has nothing to say about other failures', () => {
    expect(toEmployeeServerErrors(new Error('offline'))).toEqual({});
    expect(
      toEmployeeServerErrors(
        new ApiError({ status: 500, code: 'INTERNAL_ERROR', message: 'boom', kind: 'http' }),
      ),
    ).toEqual({});
  });
});

describe('toSaveFailureReason', () => {
  const conflict = new ApiError({
    status: 409,
    code: 'CONFLICT',
    message: 'An employee with this email already exists.',
    details: [{ path: 'body.email', message: 'employees.errors.emailTaken' }],
    kind: 'http',
  });

  it('names a taken email', () => {
    expect(toSaveFailureReason(conflict)).toBe('employees.errors.emailTaken');
  });

  it('points at the form when fields were refused', () => {
    const invalid = new ApiError({
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'Invalid input.',
      details: [{ path: 'body.role', message: 'validation.tooLong' }],
      kind: 'http',
    });
    expect(toSaveFailureReason(invalid)).toBe('errors.VALIDATION_ERROR');
  });

  it('otherwise uses the error code', () => {
    const offline = new ApiError({ status: 0, code: 'SERVICE_UNAVAILABLE', message: 'x', kind: 'network' });
    expect(toSaveFailureReason(offline)).toBe('errors.SERVICE_UNAVAILABLE');
    expect(toSaveFailureReason(new Error('boom'))).toBe('errors.INTERNAL_ERROR');
  });
});
