import { describe, expect, it } from 'vitest';

import { EMPTY_EMPLOYEE_FORM, toEmployeeFormValues } from './employee-form';

// The rules the form checks are tested with the other person forms in components/forms/person-form.test.ts.

describe('employee form values', () => {
  it('starts with the active box checked', () => {
    expect(EMPTY_EMPLOYEE_FORM.isActive).toBe(true);
  });

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
