import { profileInputSchema, type Customer, type ProfileInput } from '@eclat/shared';

import { toDetailErrors, toIssueErrors, type FieldErrors } from '@/components/forms/person-form';

export type ProfileFormValues = {
  firstName: string;
  lastName: string;
  phoneNumber: string;
  address: string;
  postalCode: string;
  companyName: string;
};

export type ProfileField = keyof ProfileFormValues;

/** Field -> translation key of the first rule it breaks. */
export type ProfileErrors = FieldErrors<ProfileField>;

export const EMPTY_PROFILE: ProfileFormValues = {
  firstName: '',
  lastName: '',
  phoneNumber: '',
  address: '',
  postalCode: '',
  companyName: '',
};

export function toProfileFormValues(customer: Customer): ProfileFormValues {
  return {
    firstName: customer.firstName,
    lastName: customer.lastName,
    phoneNumber: customer.phoneNumber,
    address: customer.address ?? '',
    postalCode: customer.postalCode ?? '',
    companyName: customer.companyName ?? '',
  };
}

const FIELDS: readonly ProfileField[] = [
  'firstName',
  'lastName',
  'phoneNumber',
  'address',
  'postalCode',
  'companyName',
];

/**
 * The spec §5 profile rules, with the same schema the server uses: the input to send (company name
 * empty -> null), or the translation key of the first broken rule of each field.
 */
export function validateProfile(
  values: ProfileFormValues,
): { success: true; data: ProfileInput } | { success: false; errors: ProfileErrors } {
  const parsed = profileInputSchema.safeParse(values);
  if (parsed.success) return { success: true, data: parsed.data };
  return { success: false, errors: toIssueErrors(FIELDS, parsed.error.issues) };
}

/** Server error details (`body.phoneNumber` -> key) mapped onto the form's fields. */
export function toProfileErrors(details: readonly { path: string; message: string }[]): ProfileErrors {
  return toDetailErrors(FIELDS, details);
}
