import { employeeInputSchema, PHONE_PATTERN, type Employee, type EmployeeInput } from '@eclat/shared';

import { isApiError, toErrorCode } from '@/lib/api-client';

/** What the employee form holds while it is being filled in. */
export type EmployeeFormValues = {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  role: string;
  isActive: boolean;
};

export type EmployeeFormField = Exclude<keyof EmployeeFormValues, 'isActive'>;

/** Field -> translation key of the first rule it breaks. */
export type EmployeeFormErrors = Partial<Record<EmployeeFormField, string>>;

/** Spec §2: the active box starts checked. */
export const EMPTY_EMPLOYEE_FORM: EmployeeFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  phoneNumber: '',
  role: '',
  isActive: true,
};

/** The phone message is the profile's ("Phone number must be in the format {phone}."). */
export const PHONE_FORMAT_ERROR = 'profile.errors.phone';
/** The server's detail when another employee already has the email. */
export const EMAIL_TAKEN_ERROR = 'employees.errors.emailTaken';

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

const FIELDS: readonly EmployeeFormField[] = ['firstName', 'lastName', 'email', 'phoneNumber', 'role'];

function isField(value: unknown): value is EmployeeFormField {
  return typeof value === 'string' && (FIELDS as readonly string[]).includes(value);
}

/**
 * Spec §5: first name, last name, email (a valid address), phone and role required, checked with
 * the schema the server uses; the phone also in the format of spec §9 (123-456-7890), like the
 * customer profile. Returns the input to send (trimmed) or a translation key per broken field.
 */
export function validateEmployeeForm(
  values: EmployeeFormValues,
): { success: true; data: EmployeeInput } | { success: false; errors: EmployeeFormErrors } {
  const errors: EmployeeFormErrors = {};
  const parsed = employeeInputSchema.safeParse({ ...values, email: values.email.trim() });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (isField(field) && errors[field] === undefined) errors[field] = issue.message;
    }
  }
  if (errors.phoneNumber === undefined && !PHONE_PATTERN.test(values.phoneNumber.trim())) {
    errors.phoneNumber = PHONE_FORMAT_ERROR;
  }
  if (!parsed.success || Object.keys(errors).length > 0) return { success: false, errors };
  return { success: true, data: parsed.data };
}

/**
 * The field errors of a failed save: a 400's details (`body.email` -> key), or the 409 the server
 * sends when another employee has the email. Anything else has no field to point at.
 */
export function toEmployeeServerErrors(error: unknown): EmployeeFormErrors {
  const errors: EmployeeFormErrors = {};
  if (!isApiError(error)) return errors;
  for (const detail of error.details) {
    const field = detail.path.split('.').pop();
    if (isField(field) && errors[field] === undefined) errors[field] = detail.message;
  }
  if (error.code === 'CONFLICT' && errors.email !== undefined) errors.email = EMAIL_TAKEN_ERROR;
  return errors;
}

/**
 * The reason shown under "Failed to create/update employee.": the taken email when that is it, the
 * form's general message when fields were refused, otherwise the error code's text.
 */
export function toSaveFailureReason(error: unknown): string {
  const fields = toEmployeeServerErrors(error);
  if (fields.email === EMAIL_TAKEN_ERROR) return EMAIL_TAKEN_ERROR;
  if (Object.keys(fields).length > 0) return 'errors.VALIDATION_ERROR';
  return `errors.${toErrorCode(error)}`;
}
