import { isApiError, toErrorCode } from '@/lib/api-client';

/**
 * The rules shared by the forms that describe a person (the admin's customer and employee forms,
 * the customer's own profile): phone formatting while typing, and turning schema issues or server
 * details into one translation key per field.
 */

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

/** Field -> translation key of the first rule it breaks. */
export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

function isField<Field extends string>(fields: readonly Field[], value: unknown): value is Field {
  return typeof value === 'string' && (fields as readonly string[]).includes(value);
}

/** Schema issues (`path[0]` is the field) mapped onto the form's fields, first rule per field. */
export function toIssueErrors<Field extends string>(
  fields: readonly Field[],
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (isField(fields, field) && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
}

/** Server error details (`body.phoneNumber` -> key) mapped onto the form's fields, first rule per field. */
export function toDetailErrors<Field extends string>(
  fields: readonly Field[],
  details: readonly { path: string; message: string }[],
): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {};
  for (const detail of details) {
    const field = detail.path.split('.').pop();
    if (isField(fields, field) && errors[field] === undefined) errors[field] = detail.message;
  }
  return errors;
}

/** The fields every admin person form has (spec §2, §5), all required. */
export type PersonFormValues = {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
};

export type PersonField = keyof PersonFormValues;

const PERSON_FIELDS: readonly PersonField[] = ['firstName', 'lastName', 'email', 'phoneNumber'];

/** What `safeParse` of a zod schema answers, as much of it as the forms read. */
type InputSchema<Input> = {
  safeParse: (
    value: unknown,
  ) =>
    | { success: true; data: Input }
    | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
};

/**
 * One admin person form: the schema the server checks its body with, the fields it has besides the
 * person fields, and the message shown on the email field when another record already has it.
 */
export type PersonFormRules<ExtraField extends string, Input> = {
  schema: InputSchema<Input>;
  extraFields: readonly ExtraField[];
  emailTakenError: string;
};

function fieldsOf<ExtraField extends string>(
  rules: PersonFormRules<ExtraField, unknown>,
): readonly (PersonField | ExtraField)[] {
  return [...PERSON_FIELDS, ...rules.extraFields];
}

/**
 * Spec §5, checked with the schema the server uses (email trimmed first): the input to send, or the
 * translation key of the first broken rule of each field.
 */
export function validatePersonForm<ExtraField extends string, Input>(
  rules: PersonFormRules<ExtraField, Input>,
  values: PersonFormValues & Record<string, unknown>,
): { success: true; data: Input } | { success: false; errors: FieldErrors<PersonField | ExtraField> } {
  const parsed = rules.schema.safeParse({ ...values, email: values.email.trim() });
  if (parsed.success) return { success: true, data: parsed.data };
  return { success: false, errors: toIssueErrors(fieldsOf(rules), parsed.error.issues) };
}

/**
 * The field errors of a failed save: a 400's details (`body.email` -> key), or the 409 the server
 * sends when another record has the email. Anything else has no field to point at.
 */
export function toPersonServerErrors<ExtraField extends string>(
  rules: PersonFormRules<ExtraField, unknown>,
  error: unknown,
): FieldErrors<PersonField | ExtraField> {
  if (!isApiError(error)) return {};
  const errors = toDetailErrors(fieldsOf(rules), error.details);
  if (error.code === 'CONFLICT' && errors.email !== undefined) errors.email = rules.emailTakenError;
  return errors;
}

/**
 * The reason shown under "Failed to create/update ...": the taken email when that is it, the form's
 * general message when fields were refused, otherwise the error code's text.
 */
export function toSaveFailureReason<ExtraField extends string>(
  rules: PersonFormRules<ExtraField, unknown>,
  error: unknown,
): string {
  const fields = toPersonServerErrors(rules, error);
  if (fields.email === rules.emailTakenError) return rules.emailTakenError;
  if (Object.keys(fields).length > 0) return 'errors.VALIDATION_ERROR';
  return `errors.${toErrorCode(error)}`;
}
