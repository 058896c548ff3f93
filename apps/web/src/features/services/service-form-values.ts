import { serviceInputSchema, startingFigures, type Service, type ServiceInput } from '@eclat/shared';

import {
  EMPTY_PRICING_FORM,
  readPricingForm,
  toPricingFormValues,
  type PricingFormErrors,
  type PricingFormValues,
} from './pricing-form-values';

/** What the service form holds while it is being filled in (numbers as typed). */
export type ServiceFormValues = {
  title: string;
  description: string;
  /** Dollars, digits only; read for the flat model only. */
  pricing: string;
  category: string;
  /** Read for the flat and quote models. */
  durationMinutes: string;
  /**
   * The pricing model, its amounts and the extras (decision 025). "Contact for pricing" is the quote
   * model: a price of 0.
   */
  pricingForm: PricingFormValues;
  isAvailable: boolean;
  /** The picture: keep the saved one, none, or a newly chosen file as a data URL. */
  image: { kind: 'keep'; url: string | null } | { kind: 'none' } | { kind: 'new'; dataUrl: string };
};

export type ServiceFormField = 'title' | 'description' | 'pricing' | 'category' | 'durationMinutes' | 'image';

/** Translation keys: one for the whole form (shown above the button) and one per field. */
export type ServiceFormErrors = {
  form?: string;
  fields: Partial<Record<ServiceFormField, string>>;
  /** The pricing model's and the extras' boxes, by path. */
  pricing?: PricingFormErrors;
};

export type ServiceFormResult = { ok: true; input: ServiceInput } | { ok: false; errors: ServiceFormErrors };

export const EMPTY_SERVICE_FORM: ServiceFormValues = {
  title: '',
  description: '',
  pricing: '',
  category: '',
  durationMinutes: '',
  pricingForm: EMPTY_PRICING_FORM,
  isAvailable: true,
  image: { kind: 'none' },
};

export function toServiceFormValues(service: Service): ServiceFormValues {
  const pricingForm = toPricingFormValues(service);
  const isFlat = pricingForm.kind === 'flat';
  return {
    title: service.title,
    description: service.description,
    pricing: isFlat ? String(service.pricing) : '',
    category: service.category,
    durationMinutes: String(service.durationMinutes),
    pricingForm,
    isAvailable: service.isAvailable,
    image: { kind: 'keep', url: service.image },
  };
}

/** What the pricing and duration boxes keep of a keystroke or a paste: digits only. */
export function keepDigits(value: string): string {
  return value.replace(/\D/g, '');
}

/** The two amounts typed as digits. */
export type AmountField = 'pricing' | 'durationMinutes';

const POSITIVE_MESSAGES: Record<AmountField, string> = {
  pricing: 'services.errors.pricePositive',
  durationMinutes: 'services.errors.durationPositive',
};

/**
 * Spec §5 (Edit service): a typed price or duration below 1 is refused as it is typed, with
 * '{Price or Duration} must be a positive number.'. An empty box waits for the submit's checks.
 */
export function checkTypedAmount(field: AmountField, value: string): string | undefined {
  const typed = value.trim();
  return /^-?\d+$/.test(typed) && Number(typed) < 1 ? POSITIVE_MESSAGES[field] : undefined;
}

const FIELDS: readonly ServiceFormField[] = [
  'title',
  'description',
  'pricing',
  'category',
  'durationMinutes',
  'image',
];

function isField(value: unknown): value is ServiceFormField {
  return typeof value === 'string' && (FIELDS as readonly string[]).includes(value);
}

/**
 * The spec's rules (§5), read the strict way, then the shared schema (lengths, limits):
 * - every field non-blank: 'All fields must be filled to submit the form.' (pricing may be left
 *   empty only with "Contact for pricing", which stores 0);
 * - a negative price: 'Price cannot be negative.';
 * - a typed price or duration below 1: '... must be a positive number.'.
 */
export function validateServiceForm(values: ServiceFormValues, mode: 'create' | 'edit'): ServiceFormResult {
  const fields: ServiceFormErrors['fields'] = {};
  const blank = (value: string) => value.trim() === '';
  const kind = values.pricingForm.kind;
  // Rooms, area and hourly have their own amounts: the spec's price and duration come from them.
  const typesFigures = kind === 'flat' || kind === 'quote';
  const required: [ServiceFormField, string][] = [
    ['title', values.title],
    ['description', values.description],
    ['category', values.category],
  ];
  if (typesFigures) required.push(['durationMinutes', values.durationMinutes]);
  if (kind === 'flat') required.push(['pricing', values.pricing]);
  const missing = required.filter(([, value]) => blank(value)).map(([field]) => field);
  const pricingRead = readPricingForm(values.pricingForm);
  const pricingErrors = pricingRead.ok ? undefined : pricingRead.errors;
  if (missing.length > 0) {
    for (const field of missing) fields[field] = 'validation.required';
    return { ok: false, errors: { form: 'services.errors.allFields', fields, pricing: pricingErrors } };
  }

  let pricing = 0;
  if (kind === 'flat') {
    const typed = values.pricing.trim();
    const belowOne = checkTypedAmount('pricing', typed);
    if (/^-\s*\d/.test(typed)) fields.pricing = 'services.errors.negativePrice';
    else if (!/^\d+$/.test(typed)) fields.pricing = 'validation.wholeNumber';
    else if (belowOne) fields.pricing = belowOne;
    else pricing = Number(typed);
  }
  let durationMinutes = 0;
  if (typesFigures) {
    const duration = values.durationMinutes.trim();
    const durationBelowOne = checkTypedAmount('durationMinutes', duration);
    if (durationBelowOne) fields.durationMinutes = durationBelowOne;
    else if (!/^\d+$/.test(duration)) fields.durationMinutes = 'validation.wholeNumber';
    else durationMinutes = Number(duration);
  }
  if (Object.keys(fields).length > 0 || !pricingRead.ok)
    return { ok: false, errors: { fields, pricing: pricingErrors } };

  // The "from" figures of another model, as the server stores them.
  const figures = startingFigures(pricingRead.model, { cents: pricing * 100, minutes: durationMinutes });
  const input: ServiceInput = {
    title: values.title.trim(),
    description: values.description.trim(),
    pricing: figures.cents / 100,
    category: values.category.trim(),
    durationMinutes: figures.minutes,
    isAvailable: values.isAvailable,
    pricingModel: pricingRead.model,
    extras: pricingRead.extras,
  };
  // Create: a picture or none. Edit: a new picture replaces, none removes, keep sends nothing.
  if (values.image.kind === 'new') input.image = values.image.dataUrl;
  else if (values.image.kind === 'none' && mode === 'edit') input.image = null;

  const parsed = serviceInputSchema.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (isField(field) && !fields[field]) fields[field] = issue.message;
    }
    return { ok: false, errors: { fields } };
  }
  return { ok: true, input };
}

/** Field errors of a 400 answer (`details[].path` / `details[].message`, a translation key). */
export function toServerFieldErrors(
  details: readonly { path: string; message: string }[],
): ServiceFormErrors['fields'] {
  const fields: ServiceFormErrors['fields'] = {};
  for (const detail of details) {
    const parts = detail.path.replace(/^\//, '').split(/[./]/);
    const field = parts[0] === 'body' ? parts[1] : parts[0];
    if (isField(field) && !fields[field]) fields[field] = detail.message;
  }
  return fields;
}
