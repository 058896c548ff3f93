import { employeeInputSchema, type Employee, type EmployeeInput } from '@eclat/shared';

import type { PersonField, PersonFormRules, PersonFormValues } from '@/components/forms/person-form';

/** What the employee form holds while it is being filled in. */
export type EmployeeFormValues = PersonFormValues & { role: string; isActive: boolean };

export type EmployeeFormField = PersonField | 'role';

/** Spec §2: the active box starts checked. */
export const EMPTY_EMPLOYEE_FORM: EmployeeFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  phoneNumber: '',
  role: '',
  isActive: true,
};

/**
 * Spec §5: first name, last name, email (a valid address), phone (123-456-7890, spec §9) and role
 * required. The email message is the server's detail when another employee already has the email.
 */
export const EMPLOYEE_FORM_RULES: PersonFormRules<'role', EmployeeInput> = {
  schema: employeeInputSchema,
  extraFields: ['role'],
  emailTakenError: 'employees.errors.emailTaken',
};

export function toEmployeeFormValues(employee: Employee): EmployeeFormValues {
  return {
    firstName: employee.firstName,
    lastName: employee.lastName,
    email: employee.email,
    phoneNumber: employee.phoneNumber,
    role: employee.role,
    isActive: employee.isActive,
  };
}
