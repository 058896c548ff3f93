import { describe, expect, it } from 'vitest';

import { CUSTOMER_FORM_RULES, EMPTY_CUSTOMER_FORM } from '@/features/customers/customer-form';
import { EMPLOYEE_FORM_RULES, EMPTY_EMPLOYEE_FORM } from '@/features/employees/employee-form';
import { ApiError } from '@/lib/api-client';

import {
  formatPhoneInput,
  toPersonServerErrors,
  toSaveFailureReason,
  validatePersonForm,
} from './person-form';

describe('formatPhoneInput', () => {
  it.each([
    ['', ''],
    ['5', '5'],
    ['514', '514'],
    ['5145', '514-5'],
    ['514555', '514-555'],
    ['5145551', '514-555-1'],
    ['5145551234', '514-555-1234'],
    ['(514) 555-1234', '514-555-1234'],
    ['514.555.1234 ext 99', '514-555-1234'],
    ['51455512345678', '514-555-1234'],
    ['abc', ''],
  ])('%j -> %j', (typed, shown) => {
    expect(formatPhoneInput(typed)).toBe(shown);
  });

  it('is stable when applied to its own output', () => {
    expect(formatPhoneInput(formatPhoneInput('514-555-12'))).toBe('514-555-12');
  });
});

const CUSTOMER = {
  firstName: ' Amélie ',
  lastName: 'Tremblay',
  email: ' amelie@example.com ',
  phoneNumber: '416-555-0142',
  companyName: '',
};

const EMPLOYEE = {
  firstName: ' Ana ',
  lastName: 'Lima',
  email: ' ana.lima@example.com ',
  phoneNumber: '514-555-1234',
  role: 'Team lead',
  isActive: true,
};

/** What an empty form answers for the four person fields. */
const PERSON_FIELDS_REQUIRED = {
  firstName: 'validation.required',
  lastName: 'validation.required',
  email: 'validation.required',
  phoneNumber: 'validation.required',
};

describe('validatePersonForm: customer', () => {
  it('sends a complete form trimmed, an empty company as null', () => {
    expect(validatePersonForm(CUSTOMER_FORM_RULES, CUSTOMER)).toEqual({
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
    const result = validatePersonForm(CUSTOMER_FORM_RULES, { ...CUSTOMER, companyName: ' Café Gagnon ' });
    expect(result.success && result.data.companyName).toBe('Café Gagnon');
  });

  it('requires first name, last name, email and phone, not the company', () => {
    expect(validatePersonForm(CUSTOMER_FORM_RULES, EMPTY_CUSTOMER_FORM)).toEqual({
      success: false,
      errors: PERSON_FIELDS_REQUIRED,
    });
  });
});

describe('validatePersonForm: employee', () => {
  it('sends a complete form trimmed', () => {
    expect(validatePersonForm(EMPLOYEE_FORM_RULES, { ...EMPLOYEE, isActive: false })).toEqual({
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
    expect(validatePersonForm(EMPLOYEE_FORM_RULES, EMPTY_EMPLOYEE_FORM)).toEqual({
      success: false,
      errors: { ...PERSON_FIELDS_REQUIRED, role: 'validation.required' },
    });
  });

  it('treats blank text as missing', () => {
    expect(validatePersonForm(EMPLOYEE_FORM_RULES, { ...EMPLOYEE, firstName: '   ', role: ' ' })).toEqual({
      success: false,
      errors: { firstName: 'validation.required', role: 'validation.required' },
    });
  });
});

describe.each([
  { form: 'customer', rules: CUSTOMER_FORM_RULES, values: CUSTOMER },
  { form: 'employee', rules: EMPLOYEE_FORM_RULES, values: EMPLOYEE },
])('validatePersonForm: $form email and phone', ({ rules, values }) => {
  it('checks the email format', () => {
    expect(validatePersonForm(rules, { ...values, email: 'amelie@' })).toEqual({
      success: false,
      errors: { email: 'validation.email' },
    });
  });

  // The server's schema carries the rule and its message (spec §9: 123-456-7890).
  it.each(['416-555-014', '4165550142', '416 555 0142', '(514) 555-1234'])(
    'wants the phone as 123-456-7890, not %j',
    (phone) => {
      expect(validatePersonForm(rules, { ...values, phoneNumber: phone })).toEqual({
        success: false,
        errors: { phoneNumber: 'validation.phone' },
      });
    },
  );
});

describe('server errors', () => {
  const customerEmailTaken = new ApiError({
    status: 409,
    code: 'CONFLICT',
    message: 'A customer with this email already exists.',
    details: [{ path: 'body.email', message: 'customers.errors.emailTaken' }],
    kind: 'http',
  });
  const employeeEmailTaken = new ApiError({
    status: 409,
    code: 'CONFLICT',
    message: 'An employee with this email already exists.',
    details: [{ path: 'body.email', message: 'employees.errors.emailTaken' }],
    kind: 'http',
  });

  it('puts a taken email on the email field, in words the catalogue has', () => {
    expect(toPersonServerErrors(CUSTOMER_FORM_RULES, customerEmailTaken)).toEqual({
      email: 'adminCustomers.errors.emailTaken',
    });
    expect(toSaveFailureReason(CUSTOMER_FORM_RULES, customerEmailTaken)).toBe(
      'adminCustomers.errors.emailTaken',
    );
    expect(toPersonServerErrors(EMPLOYEE_FORM_RULES, employeeEmailTaken)).toEqual({
      email: 'employees.errors.emailTaken',
    });
    expect(toSaveFailureReason(EMPLOYEE_FORM_RULES, employeeEmailTaken)).toBe('employees.errors.emailTaken');
  });

  it('maps validation details onto their fields, first rule per field, and ignores unknown ones', () => {
    const invalid = new ApiError({
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'Invalid input.',
      details: [
        { path: 'body.role', message: 'validation.tooLong' },
        { path: 'body.role', message: 'validation.required' },
        { path: 'body.companyName', message: 'validation.tooLong' },
        { path: 'body.somethingElse', message: 'validation.required' },
      ],
      kind: 'http',
    });
    expect(toPersonServerErrors(EMPLOYEE_FORM_RULES, invalid)).toEqual({ role: 'validation.tooLong' });
    expect(toPersonServerErrors(CUSTOMER_FORM_RULES, invalid)).toEqual({ companyName: 'validation.tooLong' });
    expect(toSaveFailureReason(EMPLOYEE_FORM_RULES, invalid)).toBe('errors.VALIDATION_ERROR');
    expect(toSaveFailureReason(CUSTOMER_FORM_RULES, invalid)).toBe('errors.VALIDATION_ERROR');
  });

  it('has nothing to say about other failures, whose reason is the error code', () => {
    const offline = new ApiError({ status: 0, code: 'SERVICE_UNAVAILABLE', message: 'x', kind: 'network' });
    const crash = new ApiError({ status: 500, code: 'INTERNAL_ERROR', message: 'boom', kind: 'http' });
    expect(toPersonServerErrors(CUSTOMER_FORM_RULES, offline)).toEqual({});
    expect(toPersonServerErrors(EMPLOYEE_FORM_RULES, crash)).toEqual({});
    expect(toPersonServerErrors(EMPLOYEE_FORM_RULES, new Error('offline'))).toEqual({});
    expect(toSaveFailureReason(CUSTOMER_FORM_RULES, offline)).toBe('errors.SERVICE_UNAVAILABLE');
    expect(toSaveFailureReason(EMPLOYEE_FORM_RULES, new Error('boom'))).toBe('errors.INTERNAL_ERROR');
  });
});
