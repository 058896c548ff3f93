import {
  adminCustomerInputSchema,
  PHONE_PATTERN,
  type AdminCustomerInput,
  type Customer,
} from '@eclat/shared';

import { isApiError, toErrorCode } from '@/lib/api-client';

/** What the admin's customer form holds while it is being filled in (spec §2). */
export type CustomerFormValues = {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  companyName: string;
};

export type CustomerFormField = keyof CustomerFormValues;

/** Field -> translation key of the first rule it breaks. */
export type CustomerFormErrors = Partial<Record<CustomerFormField, string>>;

export const EMPTY_CUSTOMER_FORM: CustomerFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  phoneNumber: '',
  companyName: '',
};

/** The phone message is the profile's ("Phone number must be in the format {phone}."). */
export const PHONE_FORMAT_ERROR = 'profile.errors.phone';
/** Shown on the email field when the server answers 409: another customer has this email. */
export const EMAIL_TAKEN_ERROR = 'adminCustomers.errors.emailTaken';

export function toCustomerFormValues(customer: Customer): CustomerFormValues {
  return {
    firstName: customer.firstName,
    lastName: customer.lastName,
    email: customer.email,
    phoneNumber: customer.phoneNumber,
    companyName: customer.companyName ?? '',
  };
}

const FIELDS: readonly CustomerFormField[] = ['firstName', 'lastName', 'email', 'phoneNumber', 'companyName'];

function isField(value: unknown): value is CustomerFormField {
  return typeof value === 'string' && (FIELDS as readonly string[]).includes(value);
}

/**
 * Spec §5: first name, last name, email (a valid address) and phone required, company optional
 * (sent as null when empty), checked with the schema the server uses; the phone also in the format
 * of spec §9 (123-456-7890), the one the customer's own profile requires.
 */
export function validateCustomerForm(
  values: CustomerFormValues,
): { success: true; data: AdminCustomerInput } | { success: false; errors: CustomerFormErrors } {
  const errors: CustomerFormErrors = {};
  const parsed = adminCustomerInputSchema.safeParse({ ...values, email: values.email.trim() });
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
 * sends when another customer has the email. Anything else has no field to point at.
 */
export function toCustomerServerErrors(error: unknown): CustomerFormErrors {
  const errors: CustomerFormErrors = {};
  if (!isApiError(error)) return errors;
  for (const detail of error.details) {
    const field = detail.path.split('.').pop();
    if (isField(field) && errors[field] === undefined) errors[field] = detail.message;
  }
  if (error.code === 'CONFLICT' && errors.email !== undefined) errors.email = EMAIL_TAKEN_ERROR;
  return errors;
}

/**
 * The reason shown under "Failed to create/update customer.": the taken email when that is it, the
 * form's general message when fields were refused, otherwise the error code's text.
 */
export function toSaveFailureReason(error: unknown): string {
  const fields = toCustomerServerErrors(error);
  if (fields.email === EMAIL_TAKEN_ERROR) return EMAIL_TAKEN_ERROR;
  if (Object.keys(fields).length > 0) return 'errors.VALIDATION_ERROR';
  return `errors.${toErrorCode(error)}`;
}

/** A delete the server refused because the customer has appointments (409, decision 008). */
export function isKeptForAppointments(error: unknown): boolean {
  return isApiError(error) && error.code === 'CONFLICT';
}
