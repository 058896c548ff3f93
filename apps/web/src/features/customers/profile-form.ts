import { profileInputSchema, type Customer, type ProfileInput } from '@eclat/shared';

/** The example shown in the phone message (spec §5: "Phone number must be in the format {phone}."). */
export const PHONE_EXAMPLE = '123-456-7890';

const PHONE_DIGITS = 10;

/**
 * What the phone box shows while typing (spec §5): non-digits stripped, at most 10 digits, dashes
 * inserted after the third and the sixth digit ("5145551234" -> "514-555-1234").
 */
export function formatPhoneInput(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, PHONE_DIGITS);
  if (digits.length <= 3) return digits;
  if (digits.length <= 6) return `${digits.slice(0, 3)}-${digits.slice(3)}`;
  return `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
}

export type ProfileFormValues = {
  firstName: string;
  lastName: string;
  phoneNumber: string;
  address: string;
  companyName: string;
};

export type ProfileField = keyof ProfileFormValues;

/** Field -> translation key of the first rule it breaks. */
export type ProfileErrors = Partial<Record<ProfileField, string>>;

export const EMPTY_PROFILE: ProfileFormValues = {
  firstName: '',
  lastName: '',
  phoneNumber: '',
  address: '',
  companyName: '',
};

export function toProfileFormValues(customer: Customer): ProfileFormValues {
  return {
    firstName: customer.firstName,
    lastName: customer.lastName,
    phoneNumber: customer.phoneNumber,
    address: customer.address ?? '',
    companyName: customer.companyName ?? '',
  };
}

const FIELDS: readonly ProfileField[] = ['firstName', 'lastName', 'phoneNumber', 'address', 'companyName'];

function isProfileField(value: unknown): value is ProfileField {
  return typeof value === 'string' && (FIELDS as readonly string[]).includes(value);
}

/**
 * The spec §5 profile rules, with the same schema the server uses: the input to send (company name
 * empty -> null), or the translation key of the first broken rule of each field.
 */
export function validateProfile(
  values: ProfileFormValues,
): { success: true; data: ProfileInput } | { success: false; errors: ProfileErrors } {
  const parsed = profileInputSchema.safeParse(values);
  if (parsed.success) return { success: true, data: parsed.data };
  const errors: ProfileErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (isProfileField(field) && errors[field] === undefined) errors[field] = issue.message;
  }
  return { success: false, errors };
}

/** Server error details (`body.phoneNumber` -> key) mapped onto the form's fields. */
export function toProfileErrors(details: readonly { path: string; message: string }[]): ProfileErrors {
  const errors: ProfileErrors = {};
  for (const detail of details) {
    const field = detail.path.split('.').pop();
    if (isProfileField(field) && errors[field] === undefined) errors[field] = detail.message;
  }
  return errors;
}
