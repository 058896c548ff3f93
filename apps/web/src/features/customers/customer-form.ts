import { adminCustomerInputSchema, type AdminCustomerInput, type Customer } from '@eclat/shared';

import type { PersonField, PersonFormRules, PersonFormValues } from '@/components/forms/person-form';
import { isApiError } from '@/lib/api-client';

/** What the admin's customer form holds while it is being filled in (spec §2). */
export type CustomerFormValues = PersonFormValues & { companyName: string; postalCode: string };

export type CustomerFormField = PersonField | 'companyName' | 'postalCode';

export const EMPTY_CUSTOMER_FORM: CustomerFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  phoneNumber: '',
  companyName: '',
  postalCode: '',
};

/**
 * Spec §5: first name, last name, email (a valid address) and phone (123-456-7890, spec §9)
 * required, company optional (sent as null when empty), postal code optional (issue 16). The email message is shown when the server
 * answers 409: another customer has this email.
 */
export const CUSTOMER_FORM_RULES: PersonFormRules<'companyName' | 'postalCode', AdminCustomerInput> = {
  schema: adminCustomerInputSchema,
  extraFields: ['companyName', 'postalCode'],
  emailTakenError: 'adminCustomers.errors.emailTaken',
};

export function toCustomerFormValues(customer: Customer): CustomerFormValues {
  return {
    firstName: customer.firstName,
    lastName: customer.lastName,
    email: customer.email,
    phoneNumber: customer.phoneNumber,
    companyName: customer.companyName ?? '',
    postalCode: customer.postalCode ?? '',
  };
}

/** A delete the server refused because the customer has appointments (409, decision 008). */
export function isKeptForAppointments(error: unknown): boolean {
  return isApiError(error) && error.code === 'CONFLICT';
}
