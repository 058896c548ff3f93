import { createQuoteInputSchema, type CreateQuoteInput, type Customer } from '@eclat/shared';

import { toDetailErrors, toIssueErrors, type FieldErrors } from '@/components/forms/person-form';

/** The quote request form while it is filled in (issue 16). Numbers stay text until sent. */
export type QuoteFormValues = {
  serviceIds: string[];
  description: string;
  address: string;
  postalCode: string;
  bedrooms: string;
  bathrooms: string;
  areaSqft: string;
  preferredDates: string[];
  /** Inline data strings of the chosen photos. */
  photos: string[];
};

export type QuoteField = keyof QuoteFormValues;
export type QuoteErrors = FieldErrors<QuoteField>;

const FIELDS: readonly QuoteField[] = [
  'serviceIds',
  'description',
  'address',
  'postalCode',
  'bedrooms',
  'bathrooms',
  'areaSqft',
  'preferredDates',
  'photos',
];

/** The form's first values: the services chosen before, where the profile says. */
export function initialQuoteValues(
  profile: Pick<Customer, 'address' | 'postalCode'> | null | undefined,
  serviceIds: readonly string[] = [],
  postalCode?: string | null,
): QuoteFormValues {
  return {
    serviceIds: [...serviceIds],
    description: '',
    address: profile?.address ?? '',
    postalCode: postalCode ?? profile?.postalCode ?? '',
    bedrooms: '',
    bathrooms: '',
    areaSqft: '',
    preferredDates: [],
    photos: [],
  };
}

/** A count typed in a box: empty is none; anything else must be digits (the schema says how many). */
function count(text: string): number | null | string {
  const value = text.trim();
  if (value === '') return null;
  return /^\d+$/.test(value) ? Number(value) : value;
}

/** The request to send, checked with the schema the server uses, or each field's first broken rule. */
export function validateQuoteForm(
  values: QuoteFormValues,
): { success: true; data: CreateQuoteInput } | { success: false; errors: QuoteErrors } {
  const parsed = createQuoteInputSchema.safeParse({
    ...values,
    bedrooms: count(values.bedrooms),
    bathrooms: count(values.bathrooms),
    areaSqft: count(values.areaSqft),
  });
  if (parsed.success) return { success: true, data: parsed.data };
  return { success: false, errors: toIssueErrors(FIELDS, parsed.error.issues) };
}

/** Server error details (`body.photos.0` -> the photos field) mapped onto the form. */
export function toQuoteErrors(details: readonly { path: string; message: string }[]): QuoteErrors {
  return toDetailErrors(
    FIELDS,
    details.map((detail) => ({ ...detail, path: detail.path.replace(/\.\d+$/, '') })),
  );
}
